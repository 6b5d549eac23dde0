import { Suspense, lazy, useState, type ComponentType } from 'react';
import { Avatar, Button, Card, Descriptions, Divider, Form, Input, Skeleton, Space, Tabs, Typography } from 'antd';
import { ArrowLeftOutlined, LockOutlined, LogoutOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useI18n } from '../i18n';
import { calls } from '../app/data';
import { loadProfile, logout, signedIn, useAuth } from '../app/auth';
import { notify } from '../app/notify';
import { realtime } from '../app/realtime';
import { useSiteName } from '../app/use-site';
import { canEnterConsole } from '../lib/router-rules';
import type { TokenPair } from '../lib/session';
import LangSwitch from '../components/LangSwitch';
import SpaceUpload from '../components/space/SpaceUpload';
import ThemeSwitch from '../components/ThemeSwitch';
import { isPictureAddress, needsOriginalPassword, PASSWORD_MAX, PASSWORD_MIN, sameAs } from './auth/rules';
import { ACCOUNT_TABS, tabOf, type AccountTab } from '../workspace/account/account-tabs';
import './auth/auth.css';
import '../i18n/auth-texts';
import '../i18n/store-texts';

/** Avatars are small pictures: 'File cannot be larger than 100k' (000 §5). */
const AVATAR_MAX_KB = 100;

/** The commerce tabs, each its own chunk, loaded when first opened. */
const TAB_SCREENS: Record<Exclude<AccountTab, 'profile'>, ComponentType> = {
  orders: lazy(() => import('../workspace/account/OrdersTab')),
  purchases: lazy(() => import('../workspace/account/PurchasesTab')),
  favorites: lazy(() => import('../workspace/account/FavoritesTab')),
  goods: lazy(() => import('../workspace/account/GoodsTab')),
  vip: lazy(() => import('../workspace/account/VipTab')),
  tokens: lazy(() => import('../workspace/account/TokensTab')),
  earnings: lazy(() => import('../workspace/account/EarningsTab')),
  nft: lazy(() => import('../workspace/nft/NftTab')),
  aikeys: lazy(() => import('../workspace/account/AiKeysTab')),
  apikeys: lazy(() => import('../workspace/account/ApiKeysTab')),
};

interface Values {
  nickName: string;
  headImg?: string;
  originalPassword?: string;
  password?: string;
  confirm?: string;
}

const PASSWORD_FIELDS = ['originalPassword', 'password', 'confirm'] as const;

/**
 * /my/info: nickname, avatar address and password (000 §5: changing the password needs the
 * original password and the new one; 6–16 characters; an account made by e-mail code has none and
 * sets its first without an original). Saves through base/comm/personUpdate.
 * That is the first tab, "Profile"; `?tab=orders|purchases|favorites|goods|vip|tokens|earnings` opens the member's
 * commerce screens, `?tab=aikeys` their own AI keys, `?tab=apikeys` their API keys (web/src/workspace/account/, one lazily loaded file each).
 */
export default function PersonalCenter() {
  const { t } = useI18n();
  const site = useSiteName();
  const navigate = useNavigate();
  const auth = useAuth();
  const user = auth.user;
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const headImg = Form.useWatch('headImg', form);
  const [search, setSearch] = useSearchParams();
  const tab = tabOf(search);
  const openTab = (key: string) => setSearch(key === 'profile' ? {} : { tab: key });
  const toConsole = canEnterConsole(user, auth.consoleRoleIds);
  const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  const withOriginal = needsOriginalPassword(user);

  /** Any of the three password fields filled makes all three required. */
  const changing = (get: (n: string) => unknown) => PASSWORD_FIELDS.some((f) => !!get(f));
  const needed =
    (message: string) =>
    ({ getFieldValue }: { getFieldValue: (n: string) => unknown }) => ({
      validator: (_r: unknown, v: unknown) => (!changing(getFieldValue) || !!v ? Promise.resolve() : Promise.reject(new Error(message))),
    });

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const body: Record<string, unknown> = { nickName: v.nickName.trim(), headImg: v.headImg?.trim() ?? '' };
      if (v.password) {
        Object.assign(body, withOriginal ? { originalPassword: v.originalPassword, password: v.password } : { password: v.password });
        // The new password ends every session, this one's socket included: it reconnects with the new pair.
        realtime.pause();
      }
      const pair = (await calls.base.comm.personUpdate(body)) as TokenPair | null;
      // A new password ends the old session: the server hands out a fresh token pair.
      if (pair && typeof pair === 'object' && 'token' in pair) await signedIn(pair);
      else await loadProfile();
      notify('success', t('common.saveSuccess'));
      form.resetFields([...PASSWORD_FIELDS]);
    } catch {
      /* the server's message was shown */
    } finally {
      setBusy(false);
      // With the new pair stored (or the old one kept after a refusal).
      if (v.password) realtime.tokenChanged();
    }
  };

  const profile = (
    <>
      {user ? (
        <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }} style={{ marginBottom: 12 }}>
          <Descriptions.Item label={t('auth.personal.username')}>
            <span data-testid="personal-username">{str(user.username) ?? '-'}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('auth.personal.email')}>{str(user.email) ?? '-'}</Descriptions.Item>
          {user.inviteCode ? (
            <Descriptions.Item label={t('auth.personal.inviteCode')}>
              <Typography.Text copyable>{user.inviteCode}</Typography.Text>
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      ) : null}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ nickName: user?.nickName ?? '', headImg: str(user?.headImg) ?? '' }}
        onFinish={(v) => void submit(v)}
      >
        <div className="personal-grid">
          <section>
            <Divider orientation="left" plain>
              {t('auth.personal.profile')}
            </Divider>
            <Form.Item
              name="nickName"
              label={t('auth.personal.nickName')}
              rules={[{ required: true, whitespace: true, message: t('auth.personal.nickNameRequired') }, { max: 50 }]}
            >
              <Input maxLength={50} data-testid="personal-nickname" />
            </Form.Item>
            <Form.Item label={t('auth.personal.avatar')} required={false}>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item
                  name="headImg"
                  noStyle
                  rules={[{ validator: (_r, v) => (isPictureAddress(v) ? Promise.resolve() : Promise.reject(new Error(t('auth.personal.avatarInvalid')))) }]}
                >
                  <Input allowClear data-testid="personal-avatar" />
                </Form.Item>
                <SpaceUpload limit={1} multiple={false} maxKb={AVATAR_MAX_KB} accept="image/*" onUploaded={(f) => form.setFieldValue('headImg', f.url ?? '')}>
                  <Button icon={<UploadOutlined />} data-testid="personal-avatar-upload" aria-label={t('auth.personal.avatarUpload')} />
                </SpaceUpload>
              </Space.Compact>
            </Form.Item>
          </section>
          <section>
            <Divider orientation="left" plain>
              {withOriginal ? t('auth.personal.security') : t('auth.personal.setPassword')}
            </Divider>
            <Typography.Paragraph type="secondary" style={{ marginTop: -4 }} data-testid="personal-security-hint">
              {withOriginal ? t('auth.personal.securityHint') : t('auth.personal.setPasswordHint')}
            </Typography.Paragraph>
            {withOriginal && (
              <Form.Item
                name="originalPassword"
                label={t('auth.personal.originalPassword')}
                dependencies={['password', 'confirm']}
                rules={[needed(t('auth.personal.originalRequired'))]}
              >
                <Input.Password prefix={<LockOutlined />} autoComplete="current-password" data-testid="personal-original" />
              </Form.Item>
            )}
            <Form.Item
              name="password"
              label={t('auth.personal.newPassword')}
              dependencies={['originalPassword', 'confirm']}
              rules={[needed(t('auth.personal.newRequired')), { min: PASSWORD_MIN, max: PASSWORD_MAX, message: t('auth.passwordLength') }]}
            >
              <Input.Password prefix={<LockOutlined />} autoComplete="new-password" data-testid="personal-password" />
            </Form.Item>
            <Form.Item
              name="confirm"
              label={t('auth.personal.confirmPassword')}
              dependencies={['originalPassword', 'password']}
              rules={[needed(t('auth.personal.confirmRequired')), sameAs('password', t('auth.personal.mismatch'))]}
            >
              <Input.Password prefix={<LockOutlined />} autoComplete="new-password" data-testid="personal-confirm" />
            </Form.Item>
          </section>
        </div>
        <div style={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 8 }}>
          <Button icon={<LogoutOutlined />} onClick={() => void logout().then(() => navigate('/login'))} data-testid="personal-logout">
            {t('auth.personal.logout')}
          </Button>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="personal-submit">
            {t('common.save')}
          </Button>
        </div>
      </Form>
    </>
  );

  return (
    <div className="auth-page" data-testid="personal-page">
      <header className="auth-top">
        <Link to="/" className="auth-brand">
          <img src="/favicon.svg" alt={site} />
          <Typography.Text strong className="auth-hide-xs" style={{ fontSize: 17 }}>
            {site}
          </Typography.Text>
        </Link>
        <Space size={4}>
          <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate(toConsole ? '/admin' : '/workbench')} data-testid="personal-back">
            {toConsole ? t('auth.personal.toConsole') : t('auth.personal.toWorkbench')}
          </Button>
          <LangSwitch />
          <ThemeSwitch />
        </Space>
      </header>
      <main className="auth-main">
        <Card className={tab === 'profile' ? 'auth-card auth-card-xl' : 'auth-card auth-card-xl personal-wide'} variant="borderless">
          <div className="auth-head" style={{ display: 'flex', alignItems: 'center', gap: 16, textAlign: 'left' }}>
            <Avatar size={64} src={str(headImg) ?? str(user?.headImg)} icon={<UserOutlined />} style={{ background: 'var(--color-primary)', flex: 'none' }} />
            <div>
              <Typography.Title level={3}>{t('auth.personal.title')}</Typography.Title>
              <Typography.Text type="secondary">{user?.nickName || user?.name || t('auth.personal.subtitle')}</Typography.Text>
            </div>
          </div>
          <Tabs
            activeKey={tab}
            onChange={openTab}
            className="personal-tabs"
            data-testid="personal-tabs"
            items={ACCOUNT_TABS.map((key) => {
              const Screen = key === 'profile' ? null : TAB_SCREENS[key];
              return {
                key,
                label: t(`wsAccount.tabs.${key}`),
                children:
                  key !== tab ? null : Screen ? (
                    <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
                      <Screen />
                    </Suspense>
                  ) : (
                    profile
                  ),
              };
            })}
          />
        </Card>
      </main>
    </div>
  );
}
