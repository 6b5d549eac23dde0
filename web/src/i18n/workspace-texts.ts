/**
 * Loads the member workspace's texts (areas `wsBoard`, `wsChat`, `wsChatActions`, `wsSocial`); imported by its frame.
 * The teams texts come with the teams screens (teams-texts.ts).
 */
import type { LocaleArea } from './define';
import { addAreas } from '.';
import wsBoard from './locales/ws-board';
import wsChat from './locales/ws-chat';
import wsChatActions from './locales/ws-chat-actions';
import wsSocial from './locales/ws-social';

void addAreas([wsBoard, wsChat, wsChatActions, wsSocial] as unknown as LocaleArea[]);
