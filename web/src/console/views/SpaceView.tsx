import { Card } from 'antd';
import { SpaceBrowser } from '../../components/space';

/** The file space screen of the console (space/info): categories and the file grid. */
export default function SpaceView() {
  return (
    <Card data-testid="space-view" styles={{ body: { padding: 16 } }}>
      <SpaceBrowser />
    </Card>
  );
}
