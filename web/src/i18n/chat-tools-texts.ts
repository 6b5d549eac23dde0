/** Loads the texts of AI members' tool calls in the chat (area `wsChatTools`); imported by workspace/chat/ToolCallBlock.tsx and ToolProposal.tsx. */
import type { LocaleArea } from './define';
import { addAreas } from '.';
import wsChatTools from './locales/ws-chat-tools';

void addAreas([wsChatTools] as unknown as LocaleArea[]);
