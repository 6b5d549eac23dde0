/**
 * What the chat view shows of AI runs, in one chunk that the chat loads by itself (chat-runs.ts):
 * stored run messages, live answers and the composer's run button.
 */
export { RunMessage, isRunMessage } from './RunMessage';
export { default as RunStreamBubbles } from './RunStreamBubbles';
export { default as RunAppButton } from './RunAppButton';
