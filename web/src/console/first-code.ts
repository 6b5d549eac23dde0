/**
 * The code of a console path's screen, fetched by the entry while the shell's code and the profile are
 * on their way (app/first-screen.ts): the view the path names most often (its entity's own screen, or
 * the generic one) with the console's texts, which every module it fetches needs before it renders.
 */
import '../i18n/console-texts';
import { VIEW_LOADERS } from '../app/views';

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
