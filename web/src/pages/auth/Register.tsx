import { useState } from 'react';
import { Button, Form, Input, Typography } from 'antd';
import { GiftOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useI18n } from '../../i18n';
import { getAuth, signedIn } from '../../app/auth';
import { registerRedirect } from '../../lib/router-rules';
import AuthLayout from './AuthLayout';
import EmailCodeFields from './EmailCodeFields';
import AdditionalInfoForm, { PENDING_INVITE_KEY } from './AdditionalInfoForm';
import { calls, rememberInviteRequired } from './session-calls';
import '../../i18n/auth-texts';

/**
 * /register: sign up with an e-mail code (the first e-mail sign-in creates the account), then the
 * additional-info step. `?isShowAdditionalInfo=1&id=…&isNeedInviteCode=1` opens that step directly
 * (router rule 2); `?inviteCode=…` fills in the inviter's code.
 */
export default function Register() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const additional = params.get('isShowAdditionalInfo') === '1';
  const id = Number(params.get('id'));

  return (
    <AuthLayout
      title={additional ? t('auth.additional.title') : t('auth.register.title')}
      subtitle={additional ? t('auth.additional.subtitle') : t('auth.register.subtitle')}
      testId="register-page"
    >
      {additional ? (
        <AdditionalInfoForm userId={Number.isInteger(id) && id > 0 ? id : undefined} needInviteCode={params.get('isNeedInviteCode') === '1'} />
      ) : (
        <SignUpForm inviteCode={params.get('inviteCode') ?? ''} />
      )}
    </AuthLayout>
  );
}

function SignUpForm({ inviteCode }: { inviteCode: string }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ email: string; code: string; inviteCode?: string }>();
  const [busy, setBusy] = useState(false);

  const submit = async (v: { email: string; code: string; inviteCode?: string }) => {
    setBusy(true);
    try {
      const r = await calls.loginByEmail(v.email.trim(), v.code.trim());
      rememberInviteRequired(r.needInviteCode ? !!r.inviteRequired : undefined);
      try {
        if (v.inviteCode?.trim()) sessionStorage.setItem(PENDING_INVITE_KEY, v.inviteCode.trim());
      } catch {
        /* storage unavailable */
      }
      await signedIn({ token: r.token, expire: r.expire, refreshToken: r.refreshToken, refreshExpire: r.refreshExpire });
      const user = getAuth().user;
      navigate(user && !user.nickName ? registerRedirect(user) : '/workbench', { replace: true });
    } catch {
      /* the server's message was shown */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="vertical" size="large" requiredMark={false} initialValues={{ inviteCode }} onFinish={(v) => void submit(v)}>
      <EmailCodeFields prefix="register" send={(email) => calls.sendCode(email, 'register')} />
      <Form.Item name="inviteCode">
        <Input
          prefix={<GiftOutlined />}
          placeholder={t('auth.additional.inviteCodeOptional')}
          aria-label={t('auth.additional.inviteCode')}
          maxLength={32}
          data-testid="register-invite-first"
        />
      </Form.Item>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('auth.register.passwordNote')}
      </Typography.Paragraph>
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="register-submit">
        {t('auth.register.submit')}
      </Button>
      <div className="auth-links" style={{ justifyContent: 'center', marginTop: 18 }}>
        <span>
          <Typography.Text type="secondary">{t('auth.hasAccount')} </Typography.Text>
          <Link to="/login">{t('auth.toLogin')}</Link>
        </span>
      </div>
    </Form>
  );
}
