/**
 * The NFT staking settings: console-editable params (base/sys/param by keyName) first, then the
 * environment, then the defaults below. The docs/reference/calls/nft.md documents the same table.
 *
 * | field        | param                | env                    | default                 |
 * |--------------|----------------------|------------------------|-------------------------|
 * | chainId      | chainId              | CHAIN_ID               | elgafar-1 (test network)|
 * | chainName    | chainName            | CHAIN_NAME             | Stargaze Testnet        |
 * | rpc          | chainRpcUrl          | CHAIN_RPC_URL          | (none: not configured)  |
 * | rest         | chainRestUrl         | CHAIN_REST_URL         | (none)                  |
 * | collection   | chainNftContract     | CHAIN_NFT_CONTRACT     | (none: not configured)  |
 * | staking      | chainStakingContract | CHAIN_STAKING_CONTRACT | (none: not configured)  |
 * | denom        | chainFeeDenom        | CHAIN_FEE_DENOM        | ustars                  |
 * | bech32Prefix | chainBech32Prefix    | CHAIN_BECH32_PREFIX    | stars                   |
 * | ipfsGateway  | ipfsGateway          | IPFS_GATEWAY           | https://ipfs.io/ipfs/   |
 *
 * Decisions: the gas price is the spec's fixed 0.025 in the fee denom (000 §9), so it is no setting;
 * CHAIN_TIMEOUT_MS (how long the server waits for the node, default 10000) stays environment-only, as
 * it is no public value. A value that cannot be right (an RPC or REST address that is not http(s), a
 * prefix or denom with other characters) counts as unset, so the screen shows "not configured"
 * rather than failing later. The gateway always ends with '/'.
 */
import type { Core } from '../../../core/api';
import { paramValues } from './nft.queries';

/** The public values the web app needs to reach the chain (GET /admin/base/open/chainSettings). */
export interface ChainSettings {
  chainId: string;
  chainName: string;
  rpc: string;
  rest: string;
  collection: string;
  staking: string;
  denom: string;
  /** 0.025 in the fee denom, e.g. "0.025ustars". */
  gasPrice: string;
  bech32Prefix: string;
  ipfsGateway: string;
}

type Field = Exclude<keyof ChainSettings, 'gasPrice'>;

interface Source {
  param: string;
  env: string;
  fallback: string;
  valid: (v: string) => boolean;
}

export const GAS_PRICE_AMOUNT = '0.025';

const any = () => true;
const httpUrl = (v: string) => /^https?:\/\/[^\s]+$/i.test(v);
const lowerWord = (v: string) => /^[a-z][a-z0-9]{0,30}$/.test(v);
const denomLike = (v: string) => /^[a-zA-Z][a-zA-Z0-9/:._-]{1,127}$/.test(v);

export const CHAIN_SETTING_SOURCES: Record<Field, Source> = {
  chainId: { param: 'chainId', env: 'CHAIN_ID', fallback: 'elgafar-1', valid: (v) => /^[\w.-]{1,64}$/.test(v) },
  chainName: { param: 'chainName', env: 'CHAIN_NAME', fallback: 'Stargaze Testnet', valid: any },
  rpc: { param: 'chainRpcUrl', env: 'CHAIN_RPC_URL', fallback: '', valid: httpUrl },
  rest: { param: 'chainRestUrl', env: 'CHAIN_REST_URL', fallback: '', valid: httpUrl },
  collection: { param: 'chainNftContract', env: 'CHAIN_NFT_CONTRACT', fallback: '', valid: (v) => /^[a-z0-9]{10,128}$/.test(v) },
  staking: { param: 'chainStakingContract', env: 'CHAIN_STAKING_CONTRACT', fallback: '', valid: (v) => /^[a-z0-9]{10,128}$/.test(v) },
  denom: { param: 'chainFeeDenom', env: 'CHAIN_FEE_DENOM', fallback: 'ustars', valid: denomLike },
  bech32Prefix: { param: 'chainBech32Prefix', env: 'CHAIN_BECH32_PREFIX', fallback: 'stars', valid: lowerWord },
  ipfsGateway: { param: 'ipfsGateway', env: 'IPFS_GATEWAY', fallback: 'https://ipfs.io/ipfs/', valid: httpUrl },
};

const FIELDS = Object.keys(CHAIN_SETTING_SOURCES) as Field[];

/** The settings now in force (params are read on every call, so a console edit applies at once). */
export async function chainSettings(core: Core): Promise<ChainSettings> {
  const params = await paramValues(
    core,
    FIELDS.map((f) => CHAIN_SETTING_SOURCES[f].param),
  );
  const pick = (f: Field): string => {
    const s = CHAIN_SETTING_SOURCES[f];
    const env = core.config.env[s.env]?.trim();
    // An unusable param falls back to the environment, an unusable environment value to the default.
    for (const v of [params.get(s.param), env]) if (v && s.valid(v)) return v;
    return s.fallback;
  };
  const out = Object.fromEntries(FIELDS.map((f) => [f, pick(f)])) as Omit<ChainSettings, 'gasPrice'>;
  const gateway = out.ipfsGateway.endsWith('/') ? out.ipfsGateway : `${out.ipfsGateway}/`;
  return { ...out, ipfsGateway: gateway, gasPrice: `${GAS_PRICE_AMOUNT}${out.denom}` };
}

/** How long the server waits for the node: CHAIN_TIMEOUT_MS, 10000 ms by default. */
export function chainTimeoutMs(core: Core): number {
  const n = Number(core.config.env.CHAIN_TIMEOUT_MS);
  return Number.isFinite(n) && n > 0 ? n : 10_000;
}
