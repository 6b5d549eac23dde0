/**
 * The composer's "Run an AI app" button (⚡ "AI app", named in full for screen readers and in its
 * tooltip; a touch screen shows no tooltip, hence the visible label): opens the run dialog (loaded on first click) with the app
 * picker, for a run whose request and answer go to the conversation the composer writes to.
 */
import { Suspense, lazy, useState } from 'react';
import { Button, Tooltip } from 'antd';
import { ThunderboltOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import type { Target } from '../../app/socket';
import '../../i18n/apps-texts';

const RunDialog = lazy(() => import('./RunDialog'));

export default function RunAppButton({ target, disabled }: { target: Target; disabled?: boolean }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={t('wsApps.chat.run')}>
        <Button
          icon={<ThunderboltOutlined />}
          onClick={() => setOpen(true)}
          disabled={disabled}
          aria-label={t('wsApps.chat.run')}
          className="chat-run-app"
          data-testid="chat-run-app"
        >
          {t('wsApps.chat.runShort')}
        </Button>
      </Tooltip>
      {open && (
        <Suspense fallback={null}>
          <RunDialog app={null} target={target} inChat onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
