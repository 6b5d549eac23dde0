/**
 * The file scope of private chats (files/file-access.ts): a file shared with `user` X is fetched by
 * X (and, as every file, by its uploader and administrators). An upload names it for a user the
 * uploader may write a private message to, as the send itself checks (chat-access.ts): not
 * themself, a user who exists, is enabled and does not block them. Why that is safe: chat-files.ts.
 * The group scope is the groups' own (workspace/groups/group.routes.ts).
 */
import { onStart } from '../../core/api';
import { FRIEND_STATUS } from '../../../entities/base/friend.entity';
import { registerFileScope } from '../files/file-access';
import { blocks, mayReceive } from './chat.queries';
import { CHAT_FILES } from './chat-files.messages';
import { CHAT_FILE_SCOPE } from './chat-files';

export default onStart(() => {
  registerFileScope(CHAT_FILE_SCOPE.user, async (_core, user, userId) => user.id === userId, {
    share: async (core, user, userId) =>
      userId !== user.id && (await mayReceive(core, userId)) && !(await blocks(core, userId, user.id, FRIEND_STATUS.blocked)),
    refused: CHAT_FILES.chat_file_share_refused,
  });
});
