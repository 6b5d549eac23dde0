/** A list that could not be loaded: the server's reason (a refusal has its own text) and a retry. */
import { Alert, Button } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';

export default function LoadError({ error, onRetry }: { error: { message: string; status: number }; onRetry: () => void }) {
  const { t } = useI18n();
  const refused = error.status === 403;
  return (
    <Alert
      type={refused ? 'info' : 'error'}
      showIcon
      className="acc-alert"
      message={refused ? t('wsAccount.refused') : t('wsAccount.loadFailed')}
      description={error.message}
      data-testid="acc-load-error"
      action={
        refused ? undefined : (
          <Button size="small" icon={<ReloadOutlined />} onClick={onRetry}>
            {t('wsAccount.retry')}
          </Button>
        )
      }
    />
  );
}
