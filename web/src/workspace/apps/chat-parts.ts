/**
 * What the chat view shows of AI runs, in one chunk that the chat loads by itself (chat-runs.ts):
 * stored run messages, live answers, the composer's run button, the receipt link of AI answers and
 * the thread of a chain of AI replies under the message that started it.
 */
export { RunMessage, isRunMessage } from './RunMessage';
export { receiptRunOf } from './run-stream-model';
export { default as RunReceiptButton } from '../../components/receipt/RunReceiptButton';
export { default as RunStreamBubbles } from './RunStreamBubbles';
export { default as RunAppButton } from './RunAppButton';
export { default as ChainLine } from './ChainLine';
