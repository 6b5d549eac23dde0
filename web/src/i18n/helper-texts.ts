/** Loads the AI code helper's texts (area `helper`); imported by /helper/ai-code and the plugin screen's quick-coding button. */
import type { LocaleArea } from './define';
import { addAreas } from '.';
import helper from './locales/helper';

addAreas([helper] as unknown as LocaleArea[]);
