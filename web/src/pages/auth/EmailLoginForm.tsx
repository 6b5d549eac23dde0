import { useState } from 'react';
import { Button, Form } from 'antd';
import { useI18n } from '../../i18n';
import EmailCodeFields from './EmailCodeFields';
import { calls, rememberInviteRequired, type EmailLoginResult } from './session-calls';

/** Sign in with a code sent by e-mail; a first sign-in creates the account (the server decides). */
export default function EmailLoginForm({
  onSignedIn,
  submitText,
  prefix = 'email-login',
}: {
  onSignedIn: (r: EmailLoginResult) => Promise<void>;
  submitText?: string;
  prefix?: string;
}) {
  const { t } = useI18n();
  const [form] = Form.useForm<{ email: string; code: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async (v: { email: string; code: string }) => {
    setBusy(true);
    try {
      const r = await calls.loginByEmail(v.email.trim(), v.code.trim());
      rememberInviteRequired(r.needInviteCode ? !!r.inviteRequired : undefined);
      await onSignedIn(r);
    } catch {
      /* the server's message was shown */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} layout="vertical" size="large" requiredMark={false} onFinish={(v) => void submit(v)}>
      <EmailCodeFields prefix={prefix} send={(email) => calls.sendCode(email, 'login')} />
      <Button type="primary" htmlType="submit" block loading={busy} data-testid={`${prefix}-submit`}>
        {submitText ?? t('auth.signIn')}
      </Button>
    </Form>
  );
}
