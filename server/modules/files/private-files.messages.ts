/** Envelope messages of private files: their upload and their signed urls. */
import { registerMessages } from '../../core/api';

export const PRIVATE_FILES = registerMessages({
  en: {
    private_scope_refused: 'You can share files only with a group you belong to',
    private_fields_after_files: 'The private, scope and scopeId fields must come before the files',
    private_unsupported: 'The file store in use cannot keep private files',
    private_file_refused: 'You may not open this file',
  },
  'zh-cn': {
    private_scope_refused: '只能向你所在的群组共享文件',
    private_fields_after_files: 'private、scope 和 scopeId 字段须在文件之前发送',
    private_unsupported: '当前使用的文件存储不能保存私有文件',
    private_file_refused: '你无权打开此文件',
  },
  'zh-tw': {
    private_scope_refused: '只能向你所在的群組共享檔案',
    private_fields_after_files: 'private、scope 與 scopeId 欄位須在檔案之前送出',
    private_unsupported: '目前使用的檔案儲存不能保存私有檔案',
    private_file_refused: '你無權開啟此檔案',
  },
});
