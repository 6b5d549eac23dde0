/** Loads the NFT screen's texts (area `wsNft`); imported by the screen itself (/nft and the personal centre's NFT tab). */
import type { LocaleArea } from './define';
import { addAreas } from '.';
import wsNft from './locales/ws-nft';

void addAreas([wsNft] as unknown as LocaleArea[]);
