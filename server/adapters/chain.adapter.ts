/**
 * Read access to the NFT staking contract on a CosmWasm chain, with CosmJS (CosmWasmClient over the
 * node's CometBFT/Tendermint JSON-RPC). The node and the contract come from configuration
 * (AppConfig.env), so tests point it at a local fake node on 127.0.0.1.
 *
 * Settings:
 * - CHAIN_RPC_URL: the node's RPC endpoint, http:// or https:// (e.g. https://rpc.example.org:443)
 * - CHAIN_STAKING_CONTRACT: the address of the staking contract
 * - CHAIN_TIMEOUT_MS: how long connecting and each query may take (default 10000)
 * Without CHAIN_RPC_URL or CHAIN_STAKING_CONTRACT, stakedTokens() rejects with ChainNotConfigured.
 *
 * Our assumption about the staking contract (it is not ours; change this file if the real one differs):
 * the smart query `{ "staked": { "owner": "<address>" } }` answers `{ "tokens": ["<token id>", ...] }`,
 * the ids of the NFTs that address has staked (an empty list when none).
 *
 * CosmJS is imported only on the first query, and the client connects then, once, and is reused;
 * installations that never use the chain load none of it. A failed connection is retried on the next call.
 *
 * @example
 * const chain = createChainAdapter(core.config.env);
 * const ids = await chain.stakedTokens('wasm1...'); // ['42', '7']
 */
/**
 * The part of @cosmjs/cosmwasm-stargate 0.39 we use, declared here: that package publishes its types only
 * through package.json `exports`, which the server's `moduleResolution: node` does not read.
 */
interface CosmWasmClient {
  queryContractSmart(address: string, queryMsg: Record<string, unknown>): Promise<unknown>;
}
interface CosmWasmModule {
  CosmWasmClient: { connect(endpoint: string): Promise<CosmWasmClient> };
}
const COSMJS: string = '@cosmjs/cosmwasm-stargate';

export interface ChainAdapter {
  /** The ids of the tokens `owner` has staked in the staking contract. */
  stakedTokens(owner: string): Promise<string[]>;
}

/** Thrown when CHAIN_RPC_URL or CHAIN_STAKING_CONTRACT is not set (or the URL is not http/https). */
export class ChainNotConfigured extends Error {
  constructor() {
    super('the chain is not configured: set CHAIN_RPC_URL (http:// or https://) and CHAIN_STAKING_CONTRACT');
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

export function createChainAdapter(env: Record<string, string | undefined>): ChainAdapter {
  const rpcUrl = env.CHAIN_RPC_URL?.trim();
  const contract = env.CHAIN_STAKING_CONTRACT?.trim();
  const timeoutMs = Number(env.CHAIN_TIMEOUT_MS) > 0 ? Number(env.CHAIN_TIMEOUT_MS) : 10_000;
  if (!rpcUrl || !contract || !/^https?:\/\//i.test(rpcUrl)) {
    return {
      stakedTokens: async () => {
        throw new ChainNotConfigured();
      },
    };
  }

  let client: Promise<CosmWasmClient> | null = null;
  const connect = (): Promise<CosmWasmClient> => {
    if (!client) {
      const connecting = (async () => {
        const { CosmWasmClient } = (await import(COSMJS)) as CosmWasmModule;
        return CosmWasmClient.connect(rpcUrl);
      })();
      client = withTimeout(connecting, timeoutMs, 'connecting to the node');
      // Forget a failed connection, so the next call tries again.
      client.catch(() => {
        client = null;
      });
    }
    return client;
  };

  return {
    async stakedTokens(owner) {
      let answer: unknown;
      try {
        const c = await connect();
        answer = await withTimeout(c.queryContractSmart(contract, { staked: { owner } }), timeoutMs, 'the staking query');
      } catch (e) {
        throw e instanceof ChainUnavailable ? e : new ChainUnavailable(message(e));
      }
      const tokens = (answer as { tokens?: unknown } | null)?.tokens;
      if (!Array.isArray(tokens) || !tokens.every((t) => typeof t === 'string')) throw new ChainBadAnswer();
      return tokens as string[];
    },
  };
}
