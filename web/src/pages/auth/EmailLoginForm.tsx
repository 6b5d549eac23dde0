import { useMemo, useState, type FormEvent } from 'react';
import { useI18n } from '../../i18n';
import { calls, rememberInviteRequired, type EmailLoginResult } from './session-calls';
import { emailCheck, isEmail, requiredCheck } from './rules';
import { Btn, Field, useLightForm } from './light-form';
import { MailIcon, ShieldIcon } from './icons';
import { useSendCode } from './use-send-code';

type Name = 'email' | 'code';

/** Sign in with a code sent by e-mail; a first sign-in creates the account (the server decides). Drawn without antd. */
export default function EmailLoginForm({
  onSignedIn,
  onStart,
  prefix = 'email-login',
}: {
  onSignedIn: (r: EmailLoginResult) => Promise<void>;
  onStart?: () => void;
  prefix?: string;
}) {
  const { t } = useI18n();
  const checks = useMemo(() => ({ email: emailCheck(t), code: requiredCheck(t('auth.codeRequired')) }), [t]);
  const form = useLightForm<Name>(checks, { email: '', code: '' });
  const [busy, setBusy] = useState(false);
  const email = form.values.email.trim();
  const code = useSendCode(() => calls.sendCode(email, 'login'));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !form.valid(['email', 'code'])) return;
    setBusy(true);
    try {
      const r = await calls.loginByEmail(form.values.email.trim(), form.values.code.trim());
      rememberInviteRequired(r.needInviteCode ? !!r.inviteRequired : undefined);
      await onSignedIn(r);
    } catch {
      /* the server's message was shown */
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="lf-form" onSubmit={(e) => void submit(e)} onFocus={onStart} noValidate>
      <Field
        {...form.field('email')}
        icon={<MailIcon />}
        placeholder={t('auth.email')}
        aria-label={t('auth.email')}
        autoComplete="email"
        inputMode="email"
        testId={`${prefix}-email`}
      />
      <Field
        {...form.field('code')}
        icon={<ShieldIcon />}
        placeholder={t('auth.code')}
        aria-label={t('auth.code')}
        autoComplete="one-time-code"
        maxLength={12}
        testId={`${prefix}-code`}
        beside={
          <Btn
            className="lf-code-btn"
            onClick={() => void code.click()}
            disabled={!isEmail(email) || code.left > 0}
            busy={code.busy}
            data-testid={`${prefix}-send-code`}
          >
            {code.text}
          </Btn>
        }
      />
      <Btn type="submit" primary block busy={busy} data-testid={`${prefix}-submit`}>
        {t('auth.signIn')}
      </Btn>
    </form>
  );
}
