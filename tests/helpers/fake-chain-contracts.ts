/**
 * The in-memory state of the fake chain's two contracts (see fake-chain.ts): a cw721 collection and
 * the NFT staking contract, answering the smart queries and executing the messages
 * docs/reference/calls/nft.md names.
 *
 * Decisions:
 * - `tokens { owner, start_after?, limit? }` pages like cw721-base: ids in ascending string order,
 *   limit 10 by default and at most 100, `start_after` exclusive.
 * - A staked token belongs to the staking contract in the collection (as after a real `send_nft`);
 *   the staking contract remembers who staked it, and `unstake` gives it back to that address only.
 * - `checkExecute` is what the node refuses before a transaction enters a block (unknown contract or
 *   message shape, so nothing is charged); `execute` is what the contract refuses inside the block
 *   (not the token's owner, not staked by the sender).
 */

export interface ContractQueryAnswer {
  ok: boolean;
  /** The contract's JSON answer when ok. */
  answer?: unknown;
  /** ABCI code and log when refused. */
  code?: number;
  log?: string;
}

/** The message kinds the fake accepts, each with the gas limit a transaction of it must carry. */
export const GAS_LIMITS = { send_nft: 300_000, unstake: 200_000 } as const;
export type ExecuteKind = keyof typeof GAS_LIMITS;

export interface CheckedExecute {
  ok: boolean;
  kind?: ExecuteKind;
  tokenId?: string;
  log?: string;
}

interface Token {
  owner: string;
  uri: string | null;
  extension: unknown;
}

const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 100;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The single key of a message like `{ tokens: {...} }`, or null when it has zero or several keys. */
function onlyKey(msg: unknown): string | null {
  if (!isObject(msg)) return null;
  const keys = Object.keys(msg);
  return keys.length === 1 && isObject(msg[keys[0]!]) ? keys[0]! : null;
}

export class FakeContracts {
  private readonly tokens = new Map<string, Token>();
  /** token id -> the address that staked it. */
  private readonly stakedBy = new Map<string, string>();

  constructor(
    readonly collection: string,
    readonly staking: string,
  ) {}

  mint(owner: string, tokenId: string, tokenUri: string | null, extension: unknown = null): void {
    if (this.tokens.has(tokenId)) throw new Error(`fake chain: token ${tokenId} is already minted`);
    this.tokens.set(tokenId, { owner, uri: tokenUri, extension });
  }

  owned(owner: string): string[] {
    return [...this.tokens]
      .filter(([, t]) => t.owner === owner)
      .map(([id]) => id)
      .sort();
  }

  staked(owner: string): string[] {
    return [...this.stakedBy]
      .filter(([, by]) => by === owner)
      .map(([id]) => id)
      .sort();
  }

  /** Puts tokens in the staked state for `owner` without a transaction (test set-up); unknown ids are minted. */
  setStaked(owner: string, tokenIds: string[]): void {
    for (const [id, by] of [...this.stakedBy]) {
      if (by === owner && !tokenIds.includes(id)) {
        this.stakedBy.delete(id);
        this.tokens.get(id)!.owner = owner;
      }
    }
    for (const id of tokenIds) {
      if (!this.tokens.has(id)) this.mint(owner, id, null);
      this.tokens.get(id)!.owner = this.staking;
      this.stakedBy.set(id, owner);
    }
  }

  query(contract: string, query: unknown): ContractQueryAnswer {
    const refuse = (log: string) => ({ ok: false, code: 9, log: `query wasm contract failed: ${log}` });
    if (contract !== this.collection && contract !== this.staking) return { ok: false, code: 5, log: `not found: contract: ${contract}` };
    const key = onlyKey(query);
    const args = key ? ((query as Record<string, Record<string, unknown>>)[key] ?? {}) : {};
    if (contract === this.staking) {
      if (key !== 'staked' || typeof args.owner !== 'string' || Object.keys(args).length !== 1) {
        return refuse('Error parsing into type staking::msg::QueryMsg');
      }
      return { ok: true, answer: { tokens: this.staked(args.owner) } };
    }
    if (key === 'tokens' && typeof args.owner === 'string') {
      const limit = Math.min(typeof args.limit === 'number' && args.limit > 0 ? args.limit : DEFAULT_LIMIT, MAX_LIMIT);
      const after = typeof args.start_after === 'string' ? args.start_after : null;
      const ids = this.owned(args.owner).filter((id) => after === null || id > after);
      return { ok: true, answer: { tokens: ids.slice(0, limit) } };
    }
    if ((key === 'nft_info' || key === 'owner_of') && typeof args.token_id === 'string') {
      const token = this.tokens.get(args.token_id);
      if (!token) return refuse(`cw721_base::state::TokenInfo<core::option::Option<cosmwasm_std::results::empty::Empty>> not found`);
      if (key === 'owner_of') return { ok: true, answer: { owner: token.owner, approvals: [] } };
      return { ok: true, answer: { token_uri: token.uri, extension: token.extension } };
    }
    if (key === 'num_tokens') return { ok: true, answer: { count: this.tokens.size } };
    return refuse('Error parsing into type cw721_base::msg::QueryMsg');
  }

  /** The checks a node makes before the transaction enters a block: known contract, known message shape. */
  checkExecute(contract: string, msg: unknown): CheckedExecute {
    const key = onlyKey(msg);
    const args = key ? (msg as Record<string, Record<string, unknown>>)[key]! : {};
    if (contract !== this.collection && contract !== this.staking) return { ok: false, log: `not found: contract: ${contract}` };
    if (contract === this.collection) {
      if (key !== 'send_nft') return { ok: false, log: `the fake collection accepts only send_nft, got ${JSON.stringify(msg)}` };
      if (args.contract !== this.staking) return { ok: false, log: `send_nft must go to the staking contract ${this.staking}, got ${String(args.contract)}` };
      if (typeof args.token_id !== 'string') return { ok: false, log: 'send_nft needs a token_id string' };
      let hook: unknown;
      try {
        hook = JSON.parse(Buffer.from(String(args.msg), 'base64').toString('utf8'));
      } catch {
        hook = null;
      }
      if (onlyKey(hook) !== 'stake' || Object.keys((hook as { stake: object }).stake).length !== 0) {
        return { ok: false, log: `send_nft msg must be base64 of {"stake":{}}, got ${String(args.msg)}` };
      }
      return { ok: true, kind: 'send_nft', tokenId: args.token_id };
    }
    if (key !== 'unstake' || typeof args.token_id !== 'string' || Object.keys(args).length !== 1) {
      return { ok: false, log: `the fake staking contract accepts only {"unstake":{"token_id"}}, got ${JSON.stringify(msg)}` };
    }
    return { ok: true, kind: 'unstake', tokenId: args.token_id };
  }

  /** Runs a checked message inside a block: changes the state, or refuses with the contract's error. */
  execute(sender: string, checked: CheckedExecute): { ok: boolean; log: string } {
    const id = checked.tokenId!;
    const token = this.tokens.get(id);
    if (checked.kind === 'send_nft') {
      if (!token) return { ok: false, log: `execute wasm contract failed: token ${id} not found` };
      if (token.owner !== sender) return { ok: false, log: "execute wasm contract failed: Caller is not the contract's current owner" };
      token.owner = this.staking;
      this.stakedBy.set(id, sender);
      return { ok: true, log: '' };
    }
    if (!token || this.stakedBy.get(id) !== sender) return { ok: false, log: `execute wasm contract failed: token ${id} is not staked by ${sender}` };
    this.stakedBy.delete(id);
    token.owner = sender;
    return { ok: true, log: '' };
  }
}
