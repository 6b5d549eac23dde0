/** Loads the member workspace's texts (areas `wsBoard`, `wsChat`, `wsSocial`, `wsTeams`); imported by its frame. */
import type { LocaleArea } from './define';
import { addAreas } from '.';
import wsBoard from './locales/ws-board';
import wsChat from './locales/ws-chat';
import wsSocial from './locales/ws-social';
import wsTeams from './locales/ws-teams';

addAreas([wsBoard, wsChat, wsSocial, wsTeams] as unknown as LocaleArea[]);
