/** Every locale area, for the tests that check them all; the app loads them in parts (see EAGER_AREAS). */
import type { LocaleArea } from './define';
import common from './locales/common';
import shell from './locales/shell';
import auth from './locales/auth';
import crud from './locales/crud';
import viewsSystem from './locales/views-system';
import viewsData from './locales/views-data';
import workspace from './locales/workspace';
import wsBoard from './locales/ws-board';
import wsChat from './locales/ws-chat';
import wsChatActions from './locales/ws-chat-actions';
import wsChatFiles from './locales/ws-chat-files';
import wsChatSearch from './locales/ws-chat-search';
import wsChatMemory from './locales/ws-chat-memory';
import wsChatTools from './locales/ws-chat-tools';
import wsSocial from './locales/ws-social';
import wsTeams from './locales/ws-teams';
import wsStore from './locales/ws-store';
import wsPay from './locales/ws-pay';
import wsAccount from './locales/ws-account';
import viewsCommerce from './locales/views-commerce';
import viewsTasks from './locales/views-tasks';
import viewsAi from './locales/views-ai';
import wsApps from './locales/ws-apps';
import wsChains from './locales/ws-chains';
import receipt from './locales/receipt';
import helper from './locales/helper';
import changes from './locales/changes';
import wsNft from './locales/ws-nft';
import wsKnowledge from './locales/ws-knowledge';

export const ALL_AREAS: readonly LocaleArea[] = [
  common,
  shell,
  auth,
  crud,
  viewsSystem,
  viewsData,
  workspace,
  wsBoard,
  wsChat,
  wsChatActions,
  wsChatFiles,
  wsChatSearch,
  wsChatMemory,
  wsChatTools,
  wsSocial,
  wsTeams,
  wsStore,
  wsPay,
  wsAccount,
  viewsCommerce,
  viewsTasks,
  viewsAi,
  wsApps,
  wsChains,
  receipt,
  wsNft,
  helper,
  changes,
  wsKnowledge,
] as unknown as LocaleArea[];

/** Which module loads each area that is not loaded with the app. */
export const LAZY_AREA_LOADERS: Record<string, string> = {
  auth: 'i18n/auth-texts.ts',
  crud: 'i18n/console-texts.ts',
  viewsSystem: 'i18n/console-texts.ts',
  viewsData: 'i18n/console-texts.ts',
  wsBoard: 'i18n/workspace-texts.ts',
  wsChat: 'i18n/workspace-texts.ts',
  wsChatActions: 'i18n/workspace-texts.ts',
  wsChatFiles: 'i18n/chat-files-texts.ts',
  wsChatSearch: 'i18n/chat-search-texts.ts',
  wsChatTools: 'i18n/chat-tools-texts.ts',
  wsSocial: 'i18n/workspace-texts.ts',
  wsTeams: 'i18n/teams-texts.ts',
  wsStore: 'i18n/store-texts.ts',
  wsPay: 'i18n/store-texts.ts',
  wsAccount: 'i18n/store-texts.ts',
  viewsCommerce: 'i18n/console-texts.ts',
  viewsTasks: 'i18n/console-texts.ts',
  viewsAi: 'i18n/console-texts.ts',
  wsApps: 'i18n/apps-texts.ts',
  receipt: 'i18n/receipt-texts.ts',
  helper: 'i18n/helper-texts.ts',
  changes: 'i18n/helper-texts.ts',
  wsNft: 'i18n/nft-texts.ts',
  wsKnowledge: 'i18n/knowledge-texts.ts',
};
