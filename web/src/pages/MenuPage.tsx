/**
 * The catch-all route: a menu whose view path is `page:<name>` attaches at top level (000 §2), so
 * its router path lands here and shows that view without the console shell; any other path is the
 * 404 page.
 */
import { Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { Spin } from 'antd';
import { useAuth } from '../app/auth';
import { menuPath, viewTarget } from '../app/menu-target';
import { VIEWS } from '../app/views';
import ProIntl from '../components/ProIntl';
import ErrorPage from './errors/ErrorPage';
import '../i18n/console-texts';

export default function MenuPage() {
  const { menus } = useAuth();
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '');
  const menu = menus.find((m) => m.type === 1 && viewTarget(m.viewPath).kind === 'page' && menuPath(m) === path);
  const target = menu ? viewTarget(menu.viewPath) : null;
  const View = target?.kind === 'page' ? VIEWS[target.name] : undefined;
  if (!View) return <ErrorPage code={404} />;
  return (
    <Suspense fallback={<Spin fullscreen />}>
      <ProIntl>
        <View />
      </ProIntl>
    </Suspense>
  );
}
