/**
 * The frame of every member screen: the brand, the workbench's sections (a top bar on wide screens,
 * a tab bar at the bottom on phones), the connection state, the store, the notification bell, the
 * language and the member menu. On phones the store and the language keep their icons only. Mounting it starts the realtime connection for the signed-in member (useWorkspaceSession).
 * Anonymous visitors of public pages (a person page, the store) see a sign-in button instead, which
 * brings them back to the page afterwards.
 */
import { Suspense, lazy, type ReactNode } from 'react';
import { Avatar, Badge, Button, Spin, Tooltip } from 'antd';
import MenuButton from '../components/MenuButton';
import {
  AppstoreOutlined,
  ControlOutlined,
  DisconnectOutlined,
  LogoutOutlined,
  MessageOutlined,
  ShopOutlined,
  TeamOutlined,
  UserOutlined,
  UsergroupAddOutlined,
  IdcardOutlined,
  LoadingOutlined,
  CrownOutlined,
  CrownFilled,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useI18n } from '../i18n';
import { logout, useAuth } from '../app/auth';
import { useSiteName } from '../app/use-site';
import { canEnterConsole, loginFor } from '../lib/router-rules';
import LangSwitch from '../components/LangSwitch';
import ThemeSwitch from '../components/ThemeSwitch';
import { useConversations, useRealtimeStatus, useWorkspaceSession } from './realtime';
import { NFT_PATH, tabPath, type Tab } from './nav';
import { vipActiveUntil } from './vip-status';
import { formatDate } from '../app/money';
import './workspace.css';
import '../i18n/workspace-texts';

const NotificationBell = lazy(() => import('./social/NotificationBell'));

function ConnectionState() {
  const { t } = useI18n();
  const status = useRealtimeStatus();
  if (status.state === 'online') return null;
  const connecting = status.state === 'connecting';
  const hint = connecting
    ? t('workspace.state.offlineHint')
    : status.reason === 'refused'
      ? t('workspace.state.refused')
      : status.reason === 'gaveUp'
        ? t('workspace.state.gaveUp')
        : t('workspace.state.offlineHint');
  return (
    <Tooltip title={hint}>
      <span className={`ws-conn ws-conn-${status.state}`} data-testid="ws-connection" data-state={status.state}>
        {connecting ? <LoadingOutlined /> : <DisconnectOutlined />}
        <span className="ws-hide-xs">{connecting ? t('workspace.state.connecting') : t('workspace.state.offline')}</span>
      </span>
    </Tooltip>
  );
}

interface NavItem {
  tab: Tab;
  icon: ReactNode;
}
const NAV: NavItem[] = [
  { tab: 'board', icon: <AppstoreOutlined /> },
  { tab: 'chats', icon: <MessageOutlined /> },
  { tab: 'friends', icon: <UsergroupAddOutlined /> },
  { tab: 'teams', icon: <TeamOutlined /> },
];

function NavLinks({ active, className }: { active?: Tab; className: string }) {
  const { t } = useI18n();
  const { unread } = useConversations();
  return (
    <nav className={className}>
      {NAV.map((n) => (
        <Link key={n.tab} to={tabPath(n.tab)} className={n.tab === active ? 'active' : undefined} data-testid={`ws-nav-${n.tab}`}>
          <Badge count={n.tab === 'chats' ? unread : 0} size="small" offset={[4, -2]}>
            <span className="ws-nav-icon">{n.icon}</span>
          </Badge>
          <span className="ws-nav-label">{t(`workspace.nav.${n.tab}`)}</span>
        </Link>
      ))}
    </nav>
  );
}

/** The member's avatar, with a gold crown while they are VIP (its end date in the title). */
function MemberAvatar({ src, vipUntil }: { src?: string; vipUntil: string | null }) {
  const { t, lang } = useI18n();
  const avatar = <Avatar size="small" src={src || undefined} icon={<UserOutlined />} />;
  if (!vipUntil) return avatar;
  const label = t('workspace.menu.vipUntil', { date: formatDate(vipUntil, lang) });
  return (
    <Badge count={<CrownFilled className="ws-vip-crown" aria-label={label} title={label} data-testid="ws-vip" />} offset={[-2, 2]}>
      {avatar}
    </Badge>
  );
}

export default function WorkspaceLayout({ active, children, wide }: { active?: Tab; children: ReactNode; wide?: boolean }) {
  const { t, lang } = useI18n();
  const site = useSiteName();
  const navigate = useNavigate();
  const location = useLocation();
  const auth = useAuth();
  useWorkspaceSession();
  const user = auth.user;
  const name = user?.nickName || user?.name || '';
  const vipUntil = vipActiveUntil(user);

  return (
    <div className="ws-page" data-testid="workspace">
      <header className="ws-top">
        <Link to={user ? '/workbench' : '/'} className="ws-brand">
          <img src="/favicon.svg" alt={site} />
          <strong className="ws-hide-sm">{site}</strong>
        </Link>
        {user && <NavLinks active={active} className="ws-nav ws-nav-top" />}
        <div className="ws-top-right">
          {user && <ConnectionState />}
          <Link to="/workflow_store" className="ws-store" aria-label={t('workspace.nav.store')} data-testid="ws-store">
            <ShopOutlined /> <span className="ws-hide-sm">{t('workspace.nav.store')}</span>
          </Link>
          {user && (
            <Suspense fallback={null}>
              <NotificationBell />
            </Suspense>
          )}
          <span className="ws-lang">
            <LangSwitch />
          </span>
          <ThemeSwitch />
          {user ? (
            <MenuButton
              items={[
                {
                  key: 'page',
                  icon: <IdcardOutlined />,
                  label: t('workspace.menu.myPage'),
                  onClick: () => navigate(`/person/${encodeURIComponent(String(user.username ?? user.id))}`),
                },
                { key: 'me', icon: <UserOutlined />, label: t('workspace.menu.personal'), onClick: () => navigate('/my/info') },
                {
                  key: 'vip',
                  icon: <CrownFilled />,
                  'data-testid': 'ws-menu-vip',
                  onClick: () => navigate('/my/info?tab=vip'),
                  label: vipUntil ? t('workspace.menu.vipUntil', { date: formatDate(vipUntil, lang) }) : t('workspace.menu.vip'),
                },
                {
                  key: 'tokens',
                  icon: <ThunderboltOutlined />,
                  label: t('workspace.menu.tokens'),
                  onClick: () => navigate('/my/info?tab=tokens'),
                  'data-testid': 'ws-menu-tokens',
                },
                { key: 'nft', icon: <CrownOutlined />, label: t('workspace.menu.nft'), onClick: () => navigate(NFT_PATH), 'data-testid': 'ws-menu-nft' },
                ...(canEnterConsole(user, auth.consoleRoleIds)
                  ? [{ key: 'console', icon: <ControlOutlined />, label: t('workspace.menu.console'), onClick: () => navigate('/admin') }]
                  : []),
                { type: 'divider' as const },
                { key: 'logout', icon: <LogoutOutlined />, label: t('workspace.menu.logout'), onClick: () => void logout().then(() => navigate('/login')) },
              ]}
            >
              <Button type="text" data-testid="user-name" icon={<MemberAvatar src={user.headImg as string | undefined} vipUntil={vipUntil} />}>
                <span className="ws-hide-sm">{name}</span>
              </Button>
            </MenuButton>
          ) : (
            <Button type="primary" onClick={() => navigate(loginFor(location.pathname, location.search))}>
              {t('workspace.menu.signIn')}
            </Button>
          )}
        </div>
      </header>
      <main className={wide ? 'ws-main ws-main-wide' : 'ws-main'}>
        <Suspense fallback={<Spin className="ws-spin" />}>{children}</Suspense>
      </main>
      {user && <NavLinks active={active} className="ws-nav ws-nav-bottom" />}
    </div>
  );
}
