/** Loads the texts of images and files in chat (area `wsChatFiles`); imported by the chat's modules that show them. */
import type { LocaleArea } from './define';
import { addAreas } from '.';
import wsChatFiles from './locales/ws-chat-files';

void addAreas([wsChatFiles] as unknown as LocaleArea[]);
