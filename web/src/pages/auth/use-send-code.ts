import { useState } from 'react';
import { useI18n } from '../../i18n';
import { notify } from '../../app/notify';
import { useCountdown } from './use-countdown';

/**
 * A "Send code" button's state: the 60 s wait before the next one, busy while the server answers.
 * `send` rejects when the server refused (its message was shown).
 */
export function useSendCode(send: () => Promise<unknown>, initialWait = 0): { left: number; busy: boolean; click: () => Promise<void>; text: string } {
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
  return { left, busy, click, text: left > 0 ? t('auth.resend', { s: left }) : t('auth.sendCode') };
}
