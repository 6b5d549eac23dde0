/** Loads the AI code helper's texts (areas `helper` and `changes`); imported by /helper/ai-code and the plugin screen's quick-coding button. */
import type { LocaleArea } from './define';
import { addAreas } from '.';
import changes from './locales/changes';
import helper from './locales/helper';

void addAreas([helper, changes] as unknown as LocaleArea[]);
