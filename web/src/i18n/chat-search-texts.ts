/** Loads the chat search panel's texts (area `wsChatSearch`); imported by the panel (workspace/chat/ChatSearch.tsx). */
import type { LocaleArea } from './define';
import { addAreas } from '.';
import wsChatSearch from './locales/ws-chat-search';

void addAreas([wsChatSearch] as unknown as LocaleArea[]);
