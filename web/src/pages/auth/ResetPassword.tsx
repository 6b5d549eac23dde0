import { useState } from 'react';
import { Button, Form, Input, Typography } from 'antd';
import { LockOutlined, MailOutlined, SafetyOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import { useI18n } from '../../i18n';
import { notify } from '../../app/notify';
import AuthLayout from './AuthLayout';
import SendCodeButton from './SendCodeButton';
import { calls } from './session-calls';
import { emailRules, passwordRules, sameAs } from './rules';
import '../../i18n/auth-texts';

/** /reset-password: e-mail → a code by e-mail → the code and a new password (6–16) → back to sign in. */
export default function ResetPassword() {
  const { t } = useI18n();
  const [email, setEmail] = useState<string | null>(null);
  return (
    <AuthLayout title={t('auth.reset.title')} subtitle={email ? t('auth.reset.codeSentTo', { email }) : t('auth.reset.subtitle')} testId="reset-page">
      {email ? <CodeStep email={email} /> : <EmailStep onSent={setEmail} />}
      <div className="auth-links" style={{ justifyContent: email ? 'space-between' : 'center', marginTop: 18 }}>
        {email ? <Typography.Link onClick={() => setEmail(null)}>{t('auth.reset.changeEmail')}</Typography.Link> : null}
        <Link to="/login">{t('auth.backToLogin')}</Link>
      </div>
    </AuthLayout>
  );
}

function EmailStep({ onSent }: { onSent: (email: string) => void }) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const submit = async ({ email }: { email: string }) => {
    setBusy(true);
    try {
      await calls.sendResetCode(email.trim());
      notify('success', t('auth.codeSent'));
      onSent(email.trim());
    } catch {
      /* the server's message was shown */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form layout="vertical" size="large" requiredMark={false} onFinish={(v) => void submit(v)}>
      <Form.Item name="email" rules={emailRules(t)}>
        <Input
          prefix={<MailOutlined />}
          placeholder={t('auth.email')}
          aria-label={t('auth.email')}
          autoComplete="email"
          inputMode="email"
          data-testid="reset-email"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="reset-send">
        {t('auth.reset.next')}
      </Button>
    </Form>
  );
}

interface CodeValues {
  code: string;
  password: string;
  confirm: string;
}

function CodeStep({ email }: { email: string }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const submit = async (v: CodeValues) => {
    setBusy(true);
    try {
      await calls.resetPassword({ email, code: v.code.trim(), password: v.password });
      notify('success', t('auth.reset.done'));
      navigate('/login', { replace: true });
    } catch {
      /* the server's message was shown */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form layout="vertical" size="large" requiredMark={false} onFinish={(v: CodeValues) => void submit(v)}>
      <Form.Item>
        <div className="auth-code">
          <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: t('auth.codeRequired') }]}>
            <Input
              prefix={<SafetyOutlined />}
              placeholder={t('auth.code')}
              aria-label={t('auth.code')}
              autoComplete="one-time-code"
              maxLength={12}
              data-testid="reset-code"
            />
          </Form.Item>
          {/* The first code was just sent: the wait starts at once. */}
          <SendCodeButton enabled initialWait={60} send={() => calls.sendResetCode(email)} testId="reset-resend" />
        </div>
      </Form.Item>
      <Form.Item name="password" rules={passwordRules(t)}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('auth.reset.newPassword')}
          aria-label={t('auth.reset.newPassword')}
          autoComplete="new-password"
          data-testid="reset-password"
        />
      </Form.Item>
      <Form.Item
        name="confirm"
        dependencies={['password']}
        rules={[{ required: true, message: t('auth.passwordRequired') }, sameAs('password', t('auth.reset.mismatch'))]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('auth.reset.confirmPassword')}
          aria-label={t('auth.reset.confirmPassword')}
          autoComplete="new-password"
          data-testid="reset-confirm"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="reset-submit">
        {t('auth.reset.submit')}
      </Button>
    </Form>
  );
}
