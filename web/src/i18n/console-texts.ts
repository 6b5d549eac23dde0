/** Loads the console's texts (areas `crud`, `viewsSystem`, `viewsData`); imported by the console and the pages that reuse its screens. */
import type { LocaleArea } from './define';
import { addAreas } from '.';
import crud from './locales/crud';
import viewsSystem from './locales/views-system';
import viewsData from './locales/views-data';

addAreas([crud, viewsSystem, viewsData] as unknown as LocaleArea[]);
