/**
 * The NFT screen's fixed values (000 §8 and §9). The error texts are the spec's own Chinese texts and
 * stay the same in every interface language, so they are constants here rather than translations.
 */

/** 000 §8: the wallet extension is missing. */
export const NO_KEPLR = '请安装Keplr钱包';
/** 000 §8: a failed stake, followed by the cause. */
export const STAKE_FAILED = '质押失败: ';
/** 000 §8: a failed unstake, followed by the cause. */
export const UNSTAKE_FAILED = '解除质押失败: ';
/** 000 §8: the item shown when a token's metadata cannot be fetched or read. */
export const placeholderName = (tokenId: string): string => `NFT #${tokenId}`;

/** 000 §9: gas limits and the gas price (in the chain's fee denom). */
export const STAKE_GAS = 300_000;
export const UNSTAKE_GAS = 200_000;
export const GAS_PRICE_AMOUNT = '0.025';
/** 000 §9: a stake may take up to 10 minutes (the wallet's approval and the wait for the block). */
export const STAKE_TIMEOUT_MS = 10 * 60_000;

/** How long one metadata fetch from the gateway may take before the placeholder is shown. */
export const METADATA_TIMEOUT_MS = 15_000;
/** Page size of the cw721 `tokens` query (contracts cap it, commonly at 100) and the most pages read. */
export const TOKENS_PAGE = 30;
export const TOKENS_MAX_PAGES = 40;
