/** Loads the texts of the AI members' memory (area `wsChatMemory`); imported by workspace/chat/ChatMemory.tsx and the receipt's linked runs. */
import type { LocaleArea } from './define';
import { addAreas } from '.';
import wsChatMemory from './locales/ws-chat-memory';

void addAreas([wsChatMemory] as unknown as LocaleArea[]);
