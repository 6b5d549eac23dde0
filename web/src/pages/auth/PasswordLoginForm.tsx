import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { useI18n } from '../../i18n';
import { notify } from '../../app/notify';
import { calls, type Captcha } from './session-calls';
import { asksCaptcha, passwordCheck, requiredCheck } from './rules';
import { Btn, Field, useLightForm } from './light-form';
import { LockIcon, ReloadIcon, ShieldIcon, Spinner, UserIcon } from './icons';
import type { TokenPair } from '../../lib/session';

type Name = 'username' | 'password' | 'verifyCode';

/**
 * Username, password and the image captcha (000 §5); the captcha is renewed after every try. A site
 * that turned the captcha off (CAPTCHA=off) shows none until a try fails: an account many guesses
 * reached may then ask for one. Drawn without antd (light-form.tsx).
 */
export default function PasswordLoginForm({ onSignedIn, onStart }: { onSignedIn: (pair: TokenPair) => Promise<void>; onStart?: () => void }) {
  const { t } = useI18n();
  const checks = useMemo(
    () => ({
      username: requiredCheck(t('auth.usernameRequired')),
      password: passwordCheck(t),
      verifyCode: requiredCheck(t('auth.captchaRequired')),
    }),
    [t],
  );
  const form = useLightForm<Name>(checks, { username: '', password: '', verifyCode: '' });
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [captchaBusy, setCaptchaBusy] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failedOnce, setFailedOnce] = useState(false);
  const asks = asksCaptcha(captcha, failedOnce);

  const refresh = useCallback(async () => {
    setCaptchaBusy(true);
    try {
      setCaptcha(await calls.captcha());
    } catch {
      setCaptcha(null);
      notify('error', t('auth.captchaFailed'));
    } finally {
      setCaptchaBusy(false);
    }
  }, [t]);

  // Once on mount: a language change needs no new image.
  const [started, setStarted] = useState(false);
  useEffect(() => {
    if (started) return;
    setStarted(true);
    void refresh();
  }, [started, refresh]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !form.valid(asks ? ['username', 'password', 'verifyCode'] : ['username', 'password'])) return;
    const v = form.values;
    setBusy(true);
    try {
      const verifyCode = asks ? v.verifyCode.trim() : '';
      const pair = await calls.login({ username: v.username.trim(), password: v.password, captchaId: asks ? (captcha?.captchaId ?? '') : '', verifyCode });
      await onSignedIn(pair);
    } catch {
      form.reset('verifyCode');
      setFailedOnce(true);
      void refresh();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="lf-form" onSubmit={(e) => void submit(e)} onFocus={onStart} autoComplete="on" noValidate>
      <Field
        {...form.field('username')}
        icon={<UserIcon />}
        placeholder={t('auth.username')}
        aria-label={t('auth.username')}
        autoComplete="username"
        testId="login-username"
      />
      <Field
        {...form.field('password')}
        secret
        icon={<LockIcon />}
        placeholder={t('auth.password')}
        aria-label={t('auth.password')}
        autoComplete="current-password"
        testId="login-password"
      />
      {asks && (
        <Field
          {...form.field('verifyCode')}
          icon={<ShieldIcon />}
          placeholder={t('auth.captcha')}
          aria-label={t('auth.captcha')}
          autoComplete="off"
          maxLength={8}
          testId="login-captcha"
          beside={
            <button
              type="button"
              className="auth-captcha-img"
              title={t('auth.captchaRefresh')}
              aria-label={t('auth.captchaRefresh')}
              onClick={() => void refresh()}
            >
              {captcha ? (
                <img src={captcha.data} alt={t('auth.captcha')} data-testid="login-captcha-img" data-captcha-id={captcha.captchaId} />
              ) : captchaBusy ? (
                <Spinner />
              ) : (
                <ReloadIcon />
              )}
            </button>
          }
        />
      )}
      <Btn type="submit" primary block busy={busy} data-testid="login-submit">
        {t('auth.signIn')}
      </Btn>
    </form>
  );
}
