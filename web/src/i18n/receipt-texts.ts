/** Loads the receipt's texts (area `receipt`); imported by the receipt's dialog (components/receipt). */
import type { LocaleArea } from './define';
import { addAreas } from '.';
import receipt from './locales/receipt';

void addAreas([receipt] as unknown as LocaleArea[]);
