/**
 * Read access to the NFT staking contract on a CosmWasm chain, with CosmJS (CosmWasmClient over the
 * node's CometBFT/Tendermint JSON-RPC). Where the node and the contract are comes from a settings
 * function the caller passes, asked on every query: the server passes the NFT staking settings
 * (server/modules/accounts/wallet/chain-settings.ts: console params first, then CHAIN_RPC_URL,
 * CHAIN_STAKING_CONTRACT and CHAIN_TIMEOUT_MS from the environment), so a console edit applies at
 * once and tests point it at a local fake node on 127.0.0.1.
 *
 * Without an http(s) RPC address or a staking contract, stakedTokens() rejects with ChainNotConfigured.
 *
 * Our assumption about the staking contract (it is not ours; change this file if the real one differs):
 * the smart query `{ "staked": { "owner": "<address>" } }` answers `{ "tokens": ["<token id>", ...] }`,
 * the ids of the NFTs that address has staked (an empty list when none).
 *
 * CosmJS is imported only on the first query, and the client connects then, once per RPC address, and
 * is reused (a changed address connects anew); installations that never use the chain load none of it.
 * A failed connection is retried on the next call.
 *
 * @example
 * const chain = createChainAdapter(async () => ({ rpcUrl: 'https://rpc.example.org', stakingContract: 'stars1...', timeoutMs: 10_000 }));
 * const ids = await chain.stakedTokens('stars1...'); // ['42', '7']
 */
/**
 * The part of @cosmjs/cosmwasm-stargate 0.39 we use, declared here: that package publishes its types only
 * through package.json `exports`, which the server's `moduleResolution: node` does not read.
 */
interface CosmWasmClient {
  queryContractSmart(address: string, queryMsg: Record<string, unknown>): Promise<unknown>;
  disconnect(): void;
}
interface CosmWasmModule {
  CosmWasmClient: { connect(endpoint: string): Promise<CosmWasmClient> };
}
const COSMJS: string = '@cosmjs/cosmwasm-stargate';

/** Where the chain is, as the adapter asks for it on each query. */
export interface ChainTarget {
  /** The node's RPC endpoint, http:// or https:// (e.g. https://rpc.example.org:443); '' when unset. */
  rpcUrl: string;
  /** The staking contract's address; '' when unset. */
  stakingContract: string;
  /** How long connecting and each query may take. */
  timeoutMs: number;
}

export interface ChainAdapter {
  /** The ids of the tokens `owner` has staked in the staking contract. */
  stakedTokens(owner: string): Promise<string[]>;
}

/** Thrown when the RPC address or the staking contract is not set (or the address is not http/https). */
export class ChainNotConfigured extends Error {
  constructor() {
    super('the chain is not configured: set its RPC address (http:// or https://) and the staking contract');
  }
}

/** Thrown when the node cannot be reached, times out, or the query fails on the chain. */
export class ChainUnavailable extends Error {
  constructor(readonly detail: string) {
    super(`the chain could not be queried: ${detail}`);
  }
}

/** Thrown when the contract answers, but not in the assumed `{ tokens: string[] }` form. */
export class ChainBadAnswer extends Error {
  constructor() {
    super('the staking contract answered in an unexpected form (expected { tokens: string[] })');
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChainUnavailable(`${what} timed out after ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function createChainAdapter(target: () => Promise<ChainTarget>): ChainAdapter {
  let connected: { rpcUrl: string; client: Promise<CosmWasmClient> } | null = null;
  const connect = (rpcUrl: string, timeoutMs: number): Promise<CosmWasmClient> => {
    if (connected?.rpcUrl === rpcUrl) return connected.client;
    connected?.client.then((c) => c.disconnect()).catch(() => undefined);
    const connecting = (async () => {
      const { CosmWasmClient } = (await import(COSMJS)) as CosmWasmModule;
      return CosmWasmClient.connect(rpcUrl);
    })();
    const client = withTimeout(connecting, timeoutMs, 'connecting to the node');
    const entry = { rpcUrl, client };
    connected = entry;
    // Forget a failed connection, so the next call tries again.
    client.catch(() => {
      if (connected === entry) connected = null;
    });
    return client;
  };

  return {
    async stakedTokens(owner) {
      const { rpcUrl, stakingContract, timeoutMs } = await target();
      if (!rpcUrl || !stakingContract || !/^https?:\/\//i.test(rpcUrl)) throw new ChainNotConfigured();
      let answer: unknown;
      try {
        const c = await connect(rpcUrl, timeoutMs);
        answer = await withTimeout(c.queryContractSmart(stakingContract, { staked: { owner } }), timeoutMs, 'the staking query');
      } catch (e) {
        throw e instanceof ChainUnavailable ? e : new ChainUnavailable(message(e));
      }
      const tokens = (answer as { tokens?: unknown } | null)?.tokens;
      if (!Array.isArray(tokens) || !tokens.every((t) => typeof t === 'string')) throw new ChainBadAnswer();
      return tokens as string[];
    },
  };
}
