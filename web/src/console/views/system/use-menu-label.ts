/**
 * The shown name of a menu, as the console's navigation shows it: a generic screen's entity label
 * in the current language, a module directory's translated name, else the stored name.
 * (The same rule as Shell's navigation, which does not export it.)
 */
import { useCallback } from 'react';
import { useEps } from '../../eps';
import { useI18n } from '../../../i18n';
import { viewTarget } from '../../menu-tree';
import type { Row } from '../../../app/data';

type MenuItem = Row<'base/sys/menu'>;

export function useMenuLabel(): (m: MenuItem) => string {
  const { t, lang } = useI18n();
  const { eps } = useEps();
  return useCallback(
    (m: MenuItem) => {
      const target = viewTarget(m.viewPath);
      if (target.kind === 'crud') {
        const labels = eps?.[target.entityKey]?.labels;
        if (labels?.[lang]) return labels[lang];
      }
      if (m.type === 0 && m.router && /^(\/[a-z]+)+$/i.test(m.router)) {
        const last = m.router.split('/').pop() ?? '';
        return t(`shell.modules.${last}`, { defaultValue: m.name ?? '' });
      }
      return m.name ?? '';
    },
    [eps, lang, t],
  );
}
