/** Loads the texts of chains of AI replies (area `wsChains`); imported by the chat's run parts (workspace/apps/chat-parts.ts). */
import type { LocaleArea } from './define';
import { addAreas } from '.';
import wsChains from './locales/ws-chains';

void addAreas([wsChains] as unknown as LocaleArea[]);
