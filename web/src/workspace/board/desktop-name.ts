/** How a desktop's name shows: the virtual default desktop's in the interface language, others as named. */
import type { TFunction } from '../../i18n';
import { isDefaultDesktop, type DesktopItem } from './desktop-order';

export function desktopName(d: Pick<DesktopItem, 'id' | 'name'>, t: TFunction): string {
  return isDefaultDesktop(d.id) ? t('wsBoard.desktop.default') : d.name;
}
