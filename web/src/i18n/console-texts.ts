/** Loads the console's texts (areas `crud`, `viewsSystem`, `viewsData`, `viewsCommerce`, `viewsTasks`, `viewsAi`); imported by the console and the pages that reuse its screens. */
import type { LocaleArea } from './define';
import { addAreas } from '.';
import crud from './locales/crud';
import viewsSystem from './locales/views-system';
import viewsData from './locales/views-data';
import viewsCommerce from './locales/views-commerce';
import viewsTasks from './locales/views-tasks';
import viewsAi from './locales/views-ai';

void addAreas([crud, viewsSystem, viewsData, viewsCommerce, viewsTasks, viewsAi] as unknown as LocaleArea[]);
