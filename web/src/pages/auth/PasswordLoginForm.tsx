import { useCallback, useEffect, useState } from 'react';
import { Button, Form, Input, Spin } from 'antd';
import { LockOutlined, ReloadOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import { notify } from '../../app/notify';
import { calls, type Captcha } from './session-calls';
import { asksCaptcha, passwordRules } from './rules';
import type { TokenPair } from '../../lib/session';

interface Values {
  username: string;
  password: string;
  /** Absent while the captcha is not asked for. */
  verifyCode?: string;
}

/**
 * Username, password and the image captcha (000 §5); the captcha is renewed after every try. A site
 * that turned the captcha off (CAPTCHA=off) shows none until a try fails: an account many guesses
 * reached may then ask for one.
 */
export default function PasswordLoginForm({ onSignedIn }: { onSignedIn: (pair: TokenPair) => Promise<void> }) {
  const { t } = useI18n();
  const [form] = Form.useForm<Values>();
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

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const verifyCode = asks ? (v.verifyCode ?? '').trim() : '';
      const pair = await calls.login({ username: v.username.trim(), password: v.password, captchaId: asks ? (captcha?.captchaId ?? '') : '', verifyCode });
      await onSignedIn(pair);
    } catch {
      form.setFieldValue('verifyCode', '');
      setFailedOnce(true);
      void refresh();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="vertical" size="large" requiredMark={false} onFinish={(v) => void submit(v)} autoComplete="on">
      <Form.Item name="username" rules={[{ required: true, whitespace: true, message: t('auth.usernameRequired') }]}>
        <Input
          prefix={<UserOutlined />}
          placeholder={t('auth.username')}
          aria-label={t('auth.username')}
          autoComplete="username"
          data-testid="login-username"
        />
      </Form.Item>
      <Form.Item name="password" rules={passwordRules(t)}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('auth.password')}
          aria-label={t('auth.password')}
          autoComplete="current-password"
          data-testid="login-password"
        />
      </Form.Item>
      {asks && (
        <Form.Item>
          <div className="auth-captcha">
            <Form.Item name="verifyCode" noStyle rules={[{ required: true, whitespace: true, message: t('auth.captchaRequired') }]}>
              <Input
                prefix={<SafetyOutlined />}
                placeholder={t('auth.captcha')}
                aria-label={t('auth.captcha')}
                autoComplete="off"
                maxLength={8}
                data-testid="login-captcha"
              />
            </Form.Item>
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
                <Spin size="small" />
              ) : (
                <ReloadOutlined />
              )}
            </button>
          </div>
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
        {t('auth.signIn')}
      </Button>
    </Form>
  );
}
