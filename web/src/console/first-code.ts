/**
 * The code of a console path's screen, fetched by the entry while the shell's code and the profile are
 * on their way (app/first-screen.ts): the view the path names most often (its entity's own screen, or
 * the generic one) with the console's texts, which every module it fetches needs before it renders.
 */
import '../i18n/console-texts';
import { VIEW_LOADERS } from '../app/views';
import { can, getAuth } from '../app/auth';
import { menuPath, viewTarget } from '../app/menu-target';
import { firstPageKey, startFirst } from '../app/first-screen';
import { epsData, type EpsMap } from './eps';
import { mayUse } from './crud/fields';
import { pageBody } from './crud/query';

const loaded = (p: Promise<unknown>) => void p.catch(() => undefined);

/** The screen of `/admin/<key>`: its entity's own view when it has one, else the generic table. */
export function preloadScreen(at: string): void {
  if (at === '/admin') {
    loaded(VIEW_LOADERS.dashboard());
    return;
  }
  const key = at.slice('/admin/'.length);
  loaded((VIEW_LOADERS[key] ?? (() => import('./crud/CrudScreen')))());
  loaded(import('../components/ProIntl'));
}

/** A hand-made view a menu names (`view:<name>`). */
export function preloadView(name: string): void {
  const load = VIEW_LOADERS[name];
  if (load) loaded(load());
}

/**
 * Once the menus and /eps are in: the view a `view:` menu at `at` names, or the first page of the
 * generic table a `crud:` menu names (the body its table sends first), kept for the table to take.
 */
export function startFirstPage(at: string, map: EpsMap): void {
  const menu = getAuth().menus.find((m) => menuPath(m) === at);
  const target = viewTarget(menu?.viewPath);
  if (target.kind === 'view') preloadView(target.name);
  if (target.kind !== 'crud') return;
  const entry = map[target.entityKey];
  if (!entry || !mayUse(entry, 'page', (perm) => can(perm))) return;
  const body = pageBody(entry, { current: 1, pageSize: 20 });
  startFirst(firstPageKey(entry.prefix, body), epsData(entry).page(body, { silent: true }));
}
