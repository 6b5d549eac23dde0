/** Loads the store's texts (areas `wsStore`, `wsPay`, `wsAccount`); imported by the store, payment and personal-centre pages. */
import type { LocaleArea } from './define';
import { addAreas } from '.';
import wsStore from './locales/ws-store';
import wsPay from './locales/ws-pay';
import wsAccount from './locales/ws-account';

void addAreas([wsStore, wsPay, wsAccount] as unknown as LocaleArea[]);
