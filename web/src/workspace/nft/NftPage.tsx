/** `/nft`: the NFT screen in the workspace frame (also the personal centre's NFT tab, NftTab.tsx). */
import WorkspaceLayout from '../WorkspaceLayout';
import NftScreen from './NftScreen';

export default function NftPage() {
  return (
    <WorkspaceLayout>
      <NftScreen />
    </WorkspaceLayout>
  );
}
