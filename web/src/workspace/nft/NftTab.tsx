/** The personal centre's NFT tab (`/my/info?tab=nft`): the same screen as `/nft`, without its heading. */
import NftScreen from './NftScreen';

export default function NftTab() {
  return <NftScreen embedded />;
}
