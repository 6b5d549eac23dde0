import { useState } from 'react';
import { Button } from 'antd';
import { useI18n } from '../../i18n';
import { notify } from '../../app/notify';
import { useCountdown } from './use-countdown';

/**
 * "Send code" with the 60 s wait before the next one. Disabled while the e-mail is not
 * well-formed (000 §5 shows no message for it). `send` rejects when the server refused.
 */
export default function SendCodeButton({
  enabled,
  send,
  testId,
  initialWait = 0,
}: {
  enabled: boolean;
  send: () => Promise<unknown>;
  testId?: string;
  /** Seconds to wait at first (a code was just sent elsewhere). */
  initialWait?: number;
}) {
  const { t } = useI18n();
  const { left, start } = useCountdown(60, initialWait);
  const [busy, setBusy] = useState(false);
  const click = async () => {
    setBusy(true);
    try {
      await send();
      start();
      notify('success', t('auth.codeSent'));
    } catch {
      /* the server's message was shown */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button onClick={() => void click()} disabled={!enabled || left > 0} loading={busy} data-testid={testId} style={{ minWidth: 120 }}>
      {left > 0 ? t('auth.resend', { s: left }) : t('auth.sendCode')}
    </Button>
  );
}
