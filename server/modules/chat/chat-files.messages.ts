/** Refusals of images and files sent in chat (chat-files.ts) and of sharing a file with a user. */
import { registerMessages } from '../../core/api';

export const CHAT_FILES = registerMessages({
  en: {
    chat_file_not_yours: 'You can send only files you uploaded yourself',
    chat_file_share_refused: 'You can share a file only with another user who accepts your messages',
  },
  'zh-cn': {
    chat_file_not_yours: '只能发送你自己上传的文件',
    chat_file_share_refused: '只能向接收你消息的其他用户共享文件',
  },
  'zh-tw': {
    chat_file_not_yours: '只能傳送你自己上傳的檔案',
    chat_file_share_refused: '只能與接收你訊息的其他使用者共享檔案',
  },
});

/** Why `content.fileId` is refused (1002: the envelope prefixes the field's name). */
export const CHAT_FILE_FIELDS = registerMessages({
  en: {
    field_chat_file_missing: 'does not name a file of the file space',
    field_chat_file_scope: 'must be a private file shared with this conversation',
    field_chat_file_not_image: 'must be an image (png, jpg, gif, webp, bmp, svg or tif)',
  },
  'zh-cn': {
    field_chat_file_missing: '不是文件空间中的文件',
    field_chat_file_scope: '须为共享给此会话的私有文件',
    field_chat_file_not_image: '须为图片（png、jpg、gif、webp、bmp、svg 或 tif）',
  },
  'zh-tw': {
    field_chat_file_missing: '不是檔案空間中的檔案',
    field_chat_file_scope: '須為共享給此對話的私有檔案',
    field_chat_file_not_image: '須為圖片（png、jpg、gif、webp、bmp、svg 或 tif）',
  },
});
