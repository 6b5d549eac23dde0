import { useState } from 'react';
import { Button, Form, Input, Typography } from 'antd';
import { GiftOutlined, SmileOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useI18n } from '../../i18n';
import { loadProfile, logout } from '../../app/auth';
import { calls, knownInviteRequired } from './session-calls';

export const PENDING_INVITE_KEY = 'pendingInviteCode';

function pendingInvite(): string {
  try {
    return sessionStorage.getItem(PENDING_INVITE_KEY) ?? '';
  } catch {
    return '';
  }
}

/**
 * The additional-info step of registration (router rule 2): the nickname, and the inviter's code
 * while the member has none (`needInviteCode`). The code is required unless the server said otherwise.
 */
export default function AdditionalInfoForm({ userId, needInviteCode }: { userId?: number; needInviteCode: boolean }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const inviteMandatory = needInviteCode && knownInviteRequired() !== false;

  const submit = async (v: { nickName: string; inviteCode?: string }) => {
    setBusy(true);
    try {
      const inviteCode = needInviteCode && v.inviteCode?.trim() ? v.inviteCode.trim() : undefined;
      await calls.additionalInfo({ ...(userId ? { id: userId } : {}), nickName: v.nickName.trim(), ...(inviteCode ? { inviteCode } : {}) });
      try {
        sessionStorage.removeItem(PENDING_INVITE_KEY);
      } catch {
        /* storage unavailable */
      }
      await loadProfile();
      navigate('/workbench', { replace: true });
    } catch {
      /* the server's message was shown */
    } finally {
      setBusy(false);
    }
  };

  const other = async () => {
    await logout();
    navigate('/login', { replace: true });
  };

  return (
    <Form layout="vertical" size="large" requiredMark={false} initialValues={{ inviteCode: pendingInvite() }} onFinish={(v) => void submit(v)}>
      <Form.Item
        name="nickName"
        label={t('auth.additional.nickName')}
        rules={[{ required: true, whitespace: true, message: t('auth.additional.nickNameRequired') }, { max: 50 }]}
      >
        <Input prefix={<SmileOutlined />} placeholder={t('auth.additional.nickName')} maxLength={50} data-testid="register-nickname" />
      </Form.Item>
      {needInviteCode ? (
        <Form.Item
          name="inviteCode"
          label={inviteMandatory ? t('auth.additional.inviteCode') : t('auth.additional.inviteCodeOptional')}
          rules={inviteMandatory ? [{ required: true, whitespace: true, message: t('auth.additional.inviteCodeRequired') }] : []}
        >
          <Input prefix={<GiftOutlined />} placeholder={t('auth.additional.inviteCode')} maxLength={32} data-testid="register-invite" />
        </Form.Item>
      ) : null}
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="register-info-submit">
        {t('auth.additional.submit')}
      </Button>
      <div style={{ textAlign: 'center', marginTop: 14 }}>
        <Typography.Link onClick={() => void other()}>{t('auth.additional.signOut')}</Typography.Link>
      </div>
    </Form>
  );
}
