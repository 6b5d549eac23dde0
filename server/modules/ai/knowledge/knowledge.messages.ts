/** Envelope messages of the group's knowledge calls (knowledge.routes.ts), and the field rules of their 1002 answers. */
import { registerMessages } from '../../../core/api';

export const KNOWLEDGE = registerMessages({
  en: { knowledge_doc_not_found: "This document is not in the group's knowledge" },
  'zh-cn': { knowledge_doc_not_found: '该文档不在群组的知识库中' },
  'zh-tw': { knowledge_doc_not_found: '該文件不在群組的知識庫中' },
});

export const KNOWLEDGE_FIELDS = registerMessages({
  en: {
    field_knowledge_file_missing: 'does not name a file of the file space',
    field_knowledge_file_refused: 'must be a file you may open',
    field_knowledge_file_scope: 'must be your own unshared file, a file shared with this group, or a public file',
  },
  'zh-cn': {
    field_knowledge_file_missing: '不是文件空间中的文件',
    field_knowledge_file_refused: '须为您可以打开的文件',
    field_knowledge_file_scope: '须为您自己未共享的文件、共享给此群组的文件或公开文件',
  },
  'zh-tw': {
    field_knowledge_file_missing: '不是檔案空間中的檔案',
    field_knowledge_file_refused: '須為您可以開啟的檔案',
    field_knowledge_file_scope: '須為您自己未共享的檔案、共享給此群組的檔案或公開檔案',
  },
});
