/** Loads the sign-in pages' texts (area `auth`); imported by the pages that show them. */
import type { LocaleArea } from './define';
import { addAreas } from '.';
import auth from './locales/auth';

void addAreas([auth] as unknown as LocaleArea[]);
