/**
 * The search index's hooks into the chat (message-index.ts): every stored message (member sends,
 * team notices and the AI module's messages alike: message-sent.ts whenMessageStored) and every
 * edit and recall (whenMessageChanged) reach the index; and the messages stored before are indexed
 * in the background once the app has started, so an existing install becomes searchable.
 */
import { onStart } from '../../../core/api';
import type { Core } from '../../../core/api';
import { whenMessageChanged, whenMessageStored } from '../message-sent';
import { backfillMessages, onMessageChanged, onMessageStored } from './message-index';

function backfillLater(core: Core): void {
  // After the start has finished (the seed, the scheduler): the app answers while it runs.
  setImmediate(() => {
    backfillMessages(core).then(
      (n) => n > 0 && console.log(`[search] indexed ${n} message(s) stored before`),
      (err: Error) => console.error(`[search] indexing the messages stored before stopped (the next start goes on): ${err.message}`),
    );
  });
}

export default onStart((core) => {
  whenMessageStored(onMessageStored);
  whenMessageChanged(onMessageChanged);
  backfillLater(core);
});
