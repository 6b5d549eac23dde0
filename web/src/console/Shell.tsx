/**
 * The console shell (ProLayout): the side menu from permmenu, the header with language and theme
 * switches and the user menu, and the view of the current menu. Views of menus marked keepAlive
 * stay mounted (hidden) when the user moves to another menu, so their filters and pages survive.
 */
import { Suspense, lazy, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { ProLayout, type MenuDataItem } from '@ant-design/pro-components';
import { Dropdown, Result, Spin } from 'antd';
import { AppstoreOutlined, DashboardOutlined, FolderOutlined, LogoutOutlined, UnorderedListOutlined, UserOutlined } from '@ant-design/icons';
import { logout, useAuth } from '../app/auth';
import { useTheme } from '../app/theme';
import { useI18n } from '../i18n';
import LangSwitch from '../components/LangSwitch';
import ThemeSwitch from '../components/ThemeSwitch';
import { useSiteName } from '../app/use-site';
import { useEps, type EpsMap } from './eps';
import { CONSOLE_BASE, buildNav, findMenu, isKeepAlive, viewTarget, type NavNode } from './menu-tree';
import { VIEWS } from './views/registry';
import type { MenuRow } from '../app/auth';
import type { TFunction } from 'i18next';

const CrudScreen = lazy(() => import('./crud/CrudScreen'));

function menuLabel(m: MenuRow, eps: EpsMap | null, t: TFunction, lang: string): string {
  const target = viewTarget(m.viewPath);
  if (target.kind === 'crud') {
    const labels = eps?.[target.entityKey]?.labels as Record<string, string> | null | undefined;
    if (labels?.[lang]) return labels[lang];
  }
  if (m.type === 0 && m.router && /^(\/[a-z]+)+$/i.test(m.router)) {
    const last = m.router.split('/').pop()!;
    return t(`shell.modules.${last}`, { defaultValue: m.name });
  }
  return m.name;
}

function icon(m: MenuRow) {
  if (m.type === 0) return <FolderOutlined />;
  return m.icon === 'icon-user' ? <UserOutlined /> : <UnorderedListOutlined />;
}

function toRoutes(nodes: NavNode[], eps: EpsMap | null, t: TFunction, lang: string): MenuDataItem[] {
  return nodes.map((n) => ({
    key: n.key,
    path: n.path,
    name: menuLabel(n.menu, eps, t, lang),
    icon: icon(n.menu),
    children: n.children.length ? toRoutes(n.children, eps, t, lang) : undefined,
  }));
}

function ViewFor({ menu }: { menu: MenuRow | 'dashboard' }) {
  const { t } = useI18n();
  if (menu === 'dashboard') {
    const D = VIEWS.dashboard;
    return <D />;
  }
  const target = viewTarget(menu.viewPath);
  switch (target.kind) {
    case 'frame':
      return <iframe title={menu.name} src={target.url} style={{ width: '100%', height: 'calc(100vh - 140px)', border: 0 }} />;
    case 'crud': {
      const Special = VIEWS[target.entityKey];
      return Special ? <Special entityKey={target.entityKey} /> : <CrudScreen entityKey={target.entityKey} />;
    }
    case 'view': {
      const V = VIEWS[target.name];
      return V ? <V /> : <Result status="404" title={t('shell.noView')} />;
    }
    default:
      return <Navigate to="/404" replace />;
  }
}

export default function Shell() {
  const { menus, user } = useAuth();
  const { eps } = useEps();
  const { t, lang } = useI18n();
  const theme = useTheme();
  const name = useSiteName();
  const location = useLocation();
  const navigate = useNavigate();
  const pathname = location.pathname.replace(/\/+$/, '') || CONSOLE_BASE;

  const nav = useMemo(() => buildNav(menus), [menus]);
  const route = useMemo(
    () => ({ path: CONSOLE_BASE, children: [{ key: 'dashboard', path: CONSOLE_BASE, name: t('shell.dashboard'), icon: <DashboardOutlined /> }, ...toRoutes(nav, eps, t, lang)] }),
    [nav, eps, t, lang],
  );

  const current: MenuRow | 'dashboard' | undefined = pathname === CONSOLE_BASE ? 'dashboard' : findMenu(menus, pathname);

  // Views kept alive: every visited keepAlive menu stays mounted.
  const [alive, setAlive] = useState<Array<{ path: string; menu: MenuRow }>>([]);
  useEffect(() => {
    if (current && current !== 'dashboard' && isKeepAlive(current)) {
      setAlive((list) => (list.some((a) => a.path === pathname) ? list : [...list, { path: pathname, menu: current }]));
    }
  }, [current, pathname]);
  // Menus that went away (another sign-in, a permission change) drop their kept views.
  useEffect(() => setAlive((list) => list.filter((a) => menus.includes(a.menu))), [menus]);

  if (!current) return <Navigate to="/404" replace />;
  const currentAlive = current !== 'dashboard' && isKeepAlive(current);

  const fallback = (
    <div style={{ padding: 48, textAlign: 'center' }}>
      <Spin tip={t('shell.loadingView')}>
        <div style={{ height: 40 }} />
      </Spin>
    </div>
  );
  let content: ReactNode = null;
  if (!currentAlive) content = <ViewFor menu={current} />;

  return (
    <ProLayout
      title={name}
      logo="/favicon.svg"
      layout="mix"
      splitMenus={false}
      fixSiderbar
      navTheme={theme.dark ? 'realDark' : 'light'}
      route={route}
      location={{ pathname }}
      menu={{ type: theme.isGroup ? 'group' : 'sub', locale: false }}
      menuItemRender={(item, dom) => (item.path ? <Link to={item.path}>{dom}</Link> : dom)}
      onMenuHeaderClick={() => navigate(CONSOLE_BASE)}
      token={{ header: { heightLayoutHeader: 56 } }}
      avatarProps={{
        icon: <UserOutlined />,
        size: 'small',
        title: <span data-testid="user-name">{user?.nickName || user?.name || ''}</span>,
        render: (_props, dom) => (
          <Dropdown
            menu={{
              items: [
                { key: 'me', icon: <UserOutlined />, label: t('shell.personalCenter'), onClick: () => navigate('/my/info') },
                { key: 'workbench', icon: <AppstoreOutlined />, label: t('shell.workbench'), onClick: () => navigate('/workbench') },
                { type: 'divider' },
                { key: 'logout', icon: <LogoutOutlined />, label: t('shell.logout'), onClick: () => void logout().then(() => navigate('/admin/login')) },
              ],
            }}
          >
            {dom}
          </Dropdown>
        ),
      }}
      actionsRender={() => [<LangSwitch key="lang" />, <ThemeSwitch key="theme" />]}
    >
      {content ? <Suspense fallback={fallback}>{content}</Suspense> : null}
      {alive.map((a) => (
        <div key={a.path} style={{ display: a.path === pathname ? undefined : 'none' }}>
          <Suspense fallback={fallback}>
            <ViewFor menu={a.menu} />
          </Suspense>
        </div>
      ))}
    </ProLayout>
  );
}
