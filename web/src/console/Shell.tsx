/**
 * The console shell: a side menu from permmenu, a header with the language and theme switches and
 * the user menu, and the view of the current menu. Views of menus marked keepAlive stay mounted
 * (hidden) when the user moves to another menu, so their filters and pages survive.
 *
 * Built on antd's Layout and Menu rather than ProLayout: ProLayout (with its route utilities, swr
 * and ProComponents' provider) alone added about 90 KB of gzip JS to the console's first page and
 * pushed it past the 350 KB budget (`npm run bench:web`).
 */
import { Suspense, lazy, memo, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Avatar, Button, Dropdown, Grid, Layout, Menu, Spin, theme as antTheme, type MenuProps } from 'antd';
import {
  AppstoreOutlined,
  DashboardOutlined,
  FolderOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  UnorderedListOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { logout, useAuth } from '../app/auth';
import { useTheme } from '../app/theme';
import { useI18n } from '../i18n';
import LangSwitch from '../components/LangSwitch';
import ThemeSwitch from '../components/ThemeSwitch';
import { useSiteName } from '../app/use-site';
import { useEps, type EpsMap } from './eps';
import { CONSOLE_BASE, buildNav, findMenu, isKeepAlive, viewTarget, type NavNode } from './menu-tree';
import { VIEWS } from '../app/views';
import type { MenuRow } from '../app/auth';
import type { TFunction } from '../i18n';
import '../i18n/console-texts';

const CrudScreen = lazy(() => import('./crud/CrudScreen'));
const ProIntl = lazy(() => import('../components/ProIntl'));
// antd's Result and its pictures, only for a menu that names a view this build does not have.
const NoView = lazy(() => import('./NoView'));

const HEADER_HEIGHT = 56;
const SIDER_WIDTH = 224;

export function menuLabel(m: MenuRow, eps: EpsMap | null, t: TFunction, lang: string): string {
  const target = viewTarget(m.viewPath);
  if (target.kind === 'crud') {
    const labels = eps?.[target.entityKey]?.labels as Record<string, string> | null | undefined;
    if (labels?.[lang]) return labels[lang];
  }
  if (m.type === 0 && m.router && /^(\/[a-z]+)+$/i.test(m.router)) {
    const last = m.router.split('/').pop()!;
    return t(`shell.modules.${last}`, { defaultValue: m.name ?? '' });
  }
  return m.name ?? '';
}

function icon(m: MenuRow) {
  if (m.type === 0) return <FolderOutlined />;
  return m.icon === 'icon-user' ? <UserOutlined /> : <UnorderedListOutlined />;
}

type Item = Required<MenuProps>['items'][number];

function toItems(nodes: NavNode[], eps: EpsMap | null, t: TFunction, lang: string, grouped: boolean, depth = 0): Item[] {
  return nodes.map((n): Item => {
    const label = menuLabel(n.menu, eps, t, lang);
    if (n.menu.type === 0) {
      const children = toItems(n.children, eps, t, lang, grouped, depth + 1);
      return grouped && depth === 0 ? { type: 'group', key: `dir:${n.key}`, label, children } : { key: `dir:${n.key}`, label, icon: icon(n.menu), children };
    }
    return { key: n.path, label, icon: icon(n.menu) };
  });
}

/** The directory keys above the menu at `path`, to open them. */
function ancestorsOf(nodes: NavNode[], path: string, trail: string[] = []): string[] | null {
  for (const n of nodes) {
    if (n.menu.type !== 0 && n.path === path) return trail;
    const found = ancestorsOf(n.children, path, [...trail, `dir:${n.key}`]);
    if (found) return found;
  }
  return null;
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
      return <iframe title={menu.name} src={target.url} style={{ width: '100%', height: `calc(100vh - ${HEADER_HEIGHT + 48}px)`, border: 0 }} />;
    case 'crud': {
      const Special = VIEWS[target.entityKey];
      return <ProIntl>{Special ? <Special entityKey={target.entityKey} /> : <CrudScreen entityKey={target.entityKey} />}</ProIntl>;
    }
    case 'view': {
      const V = VIEWS[target.name];
      return V ? (
        <ProIntl>
          <V />
        </ProIntl>
      ) : (
        <Suspense fallback={null}>
          <NoView title={t('shell.noView')} />
        </Suspense>
      );
    }
    default:
      return <Navigate to="/404" replace />;
  }
}

/**
 * A kept view, hidden while another menu shows: it renders again only when its menu row changes, not
 * at every move of the shell (each kept table rendered at each move: the tenth screen opened took
 * twice as long as the first, the sixtieth five times).
 */
const KeptView = memo(ViewFor);

/** How many kept views stay mounted: the ones used last (each holds its table, rows and listeners). */
const MAX_KEPT_VIEWS = 10;
/** The order of visits (a counter, not a time: two visits in one millisecond stay ordered). */
let last = 0;

export default function Shell() {
  const { menus, user } = useAuth();
  const { eps } = useEps();
  const { t, lang } = useI18n();
  const theme = useTheme();
  const { token } = antTheme.useToken();
  const screens = Grid.useBreakpoint();
  const phone = !screens.md;
  const name = useSiteName();
  const location = useLocation();
  const navigate = useNavigate();
  const pathname = location.pathname.replace(/\/+$/, '') || CONSOLE_BASE;
  const [collapsed, setCollapsed] = useState(false);
  useEffect(() => setCollapsed(phone), [phone]);

  const nav = useMemo(() => buildNav(menus), [menus]);
  const items = useMemo<Item[]>(
    () => [{ key: CONSOLE_BASE, label: t('shell.dashboard'), icon: <DashboardOutlined /> }, ...toItems(nav, eps, t, lang, theme.isGroup)],
    [nav, eps, t, lang, theme.isGroup],
  );
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  useEffect(() => {
    const above = ancestorsOf(nav, pathname) ?? [];
    setOpenKeys((keys) => [...new Set([...keys, ...above])]);
  }, [nav, pathname]);

  const current: MenuRow | 'dashboard' | undefined = pathname === CONSOLE_BASE ? 'dashboard' : findMenu(menus, pathname);

  // Views kept alive: the last MAX_KEPT_VIEWS visited keepAlive menus stay mounted.
  const [alive, setAlive] = useState<Array<{ path: string; menu: MenuRow; used: number }>>([]);
  useEffect(() => {
    if (current && current !== 'dashboard' && isKeepAlive(current)) {
      setAlive((list) => {
        const used = (last += 1);
        if (list.some((a) => a.path === pathname)) return list.map((a) => (a.path === pathname ? { ...a, used } : a));
        const grown = [...list, { path: pathname, menu: current, used }];
        if (grown.length <= MAX_KEPT_VIEWS) return grown;
        // The one used longest ago goes; the others keep their places (a moved node would lose its scroll).
        const oldest = grown.reduce((a, b) => (b.used < a.used ? b : a));
        return grown.filter((a) => a !== oldest);
      });
    }
  }, [current, pathname]);
  // Menus that went away (another sign-in, a permission change) drop their kept views.
  // A reloaded profile brings new rows for the same menus: kept views follow them by id.
  useEffect(
    () =>
      setAlive((list) =>
        list.flatMap((a) => {
          const fresh = menus.find((m) => Number(m.id) === Number(a.menu.id));
          return fresh && isKeepAlive(fresh) ? [{ ...a, menu: fresh }] : [];
        }),
      ),
    [menus],
  );

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

  const siderTheme = theme.dark ? 'dark' : 'light';
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{
          position: 'sticky',
          top: 0,
          zIndex: 100,
          height: HEADER_HEIGHT,
          lineHeight: `${HEADER_HEIGHT}px`,
          padding: '0 12px',
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <Button
          type="text"
          aria-label={t(collapsed ? 'shell.expandMenu' : 'shell.collapseMenu')}
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={() => setCollapsed((c) => !c)}
        />
        <a
          href={CONSOLE_BASE}
          onClick={(e) => {
            e.preventDefault();
            navigate(CONSOLE_BASE);
          }}
          style={{ display: 'flex', alignItems: 'center', gap: 10, color: token.colorText, fontWeight: 600, fontSize: 18, whiteSpace: 'nowrap' }}
        >
          <img src="/favicon.svg" alt="" width={28} height={28} />
          {phone ? null : <span>{name}</span>}
        </a>
        <div style={{ flex: 1 }} />
        <LangSwitch />
        <ThemeSwitch />
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
          <Button type="text" style={{ display: 'flex', alignItems: 'center', gap: 8, height: 40 }}>
            <Avatar size="small" src={typeof user?.headImg === 'string' && user.headImg ? user.headImg : undefined} icon={<UserOutlined />} />
            {phone ? null : <span data-testid="user-name">{user?.nickName || user?.name || ''}</span>}
          </Button>
        </Dropdown>
      </Layout.Header>
      <Layout hasSider>
        <Layout.Sider
          width={SIDER_WIDTH}
          collapsible
          collapsed={collapsed}
          collapsedWidth={phone ? 0 : 64}
          trigger={null}
          theme={siderTheme}
          style={{
            position: 'sticky',
            top: HEADER_HEIGHT,
            height: `calc(100vh - ${HEADER_HEIGHT}px)`,
            overflow: 'auto',
            borderRight: theme.dark ? undefined : `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <Menu
            mode="inline"
            theme={siderTheme}
            items={items}
            selectedKeys={[pathname]}
            openKeys={collapsed ? undefined : openKeys}
            onOpenChange={(keys) => setOpenKeys(keys as string[])}
            onClick={({ key }) => {
              if (!key.startsWith('dir:')) navigate(key);
              if (phone) setCollapsed(true);
            }}
            style={{ borderInlineEnd: 0 }}
          />
        </Layout.Sider>
        <Layout.Content style={{ padding: phone ? 12 : 24, minWidth: 0 }}>
          {content ? (
            <div data-view={pathname}>
              <Suspense fallback={fallback}>{content}</Suspense>
            </div>
          ) : null}
          {alive.map((a) => (
            <div key={a.path} data-view={a.path} style={{ display: a.path === pathname ? undefined : 'none' }}>
              <Suspense fallback={fallback}>
                <KeptView menu={a.menu} />
              </Suspense>
            </div>
          ))}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
