/**
 * Where the composer would be in "My AI runs": that conversation holds the answers of the AI apps the
 * member ran outside a chat, and nobody reads what is typed there, so instead of a message box it says
 * what it holds and leads to the store's AI apps, where a run starts.
 */
import { Button, Typography } from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useI18n } from '../../i18n';

/** The store's AI apps, where a run outside a chat starts. */
export const APPS_PATH = '/workflow_store?view=apps';

export default function RunsNote() {
  const { t } = useI18n();
  const navigate = useNavigate();
  return (
    <div className="chat-composer chat-runs-note" data-testid="chat-runs-note">
      <Typography.Text type="secondary" className="chat-runs-note-text">
        {t('wsChat.runsNote')}
      </Typography.Text>
      <Button icon={<AppstoreOutlined />} onClick={() => navigate(APPS_PATH)} data-testid="chat-runs-open-apps">
        {t('wsChat.runsOpenApps')}
      </Button>
    </div>
  );
}
