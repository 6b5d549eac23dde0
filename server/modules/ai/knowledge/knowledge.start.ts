/**
 * The group knowledge's hooks into the chat, which does not import it: a file message stored in a
 * group chat adds its file (chat/message-sent.ts whenMessageStored), a recalled one takes its hold
 * away (whenMessageChanged); and once the app has started, the documents waiting (queued, or left
 * indexing by a process that stopped) are indexed in the background.
 */
import { onStart, type Core } from '../../../core/api';
import { MESSAGE_TYPE } from '../../chat/conversation';
import { whenMessageChanged, whenMessageStored, type MessageChanged } from '../../chat/message-sent';
import { forgetMessage, onDocQueued, onFileMessage } from './docs';
import { wakeIndexer } from './indexer';

function onRecall(core: Core, changed: MessageChanged): void {
  const group = /^g:(\d+)$/.exec(changed.message.conversation ?? '');
  if (changed.kind !== 'recall' || changed.message.type !== MESSAGE_TYPE.file || !group) return;
  forgetMessage(core, Number(group[1]), changed.message.id).catch((err: Error) =>
    console.error(`[knowledge] the recall of message ${changed.message.id} did not reach the group's knowledge: ${err.message}`),
  );
}

export default onStart((core) => {
  onDocQueued(wakeIndexer);
  whenMessageStored(onFileMessage);
  whenMessageChanged(onRecall);
  setImmediate(() => wakeIndexer(core));
});
