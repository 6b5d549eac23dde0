/** Loads the AI runs' texts (area `wsApps`); imported by the store's apps, the run dialog and the chat's run rows. */
import type { LocaleArea } from './define';
import { addAreas } from '.';
import wsApps from './locales/ws-apps';

void addAreas([wsApps] as unknown as LocaleArea[]);
