import { defineEntity, l, and, eq, ownRows } from '../../server/core/api';
import { usableTypes } from './type.entity';

export default defineEntity({
  module: 'space',
  name: 'info',
  table: 'space_info',
  label: l('File', '文件', '檔案'),
  description:
    'A file in the file space; the url is required. size is in bytes, an int since uploads are limited ' +
    'to 100 MB (001 §9). The spec gives no owner field; userId (the uploader, from the token) is ours, ' +
    'so a member sees and manages only their own files. Rows uploaded before it existed have none and ' +
    "are the administrators' alone. A member files into the shared categories or their own (space/type). " +
    'A private file (isPrivate, uploaded with private=1) is stored under app/private/... and is never ' +
    'publicly addressable: its url is the placeholder `private:<key>`, and a browser fetches it only ' +
    'through space/info/fileUrl, a short-lived signed url, answered to its uploader, an administrator ' +
    'and whoever scope/scopeId grants (scope group: the members of group scopeId; scope user: user scopeId, for a file of a ' +
    'private chat; server/modules/files/file-access.ts).',
  fields: {
    url: { type: 'string', required: true, nullable: false, label: l('URL', '地址', '位址') },
    type: { type: 'string', label: l('Type', '类型', '類型') },
    classifyId: { type: 'int', index: true, label: l('Category', '分类', '分類') },
    fileId: { type: 'string', label: l('File id', '文件标识', '檔案標識') },
    name: { type: 'string', label: l('Name', '文件名', '檔名') },
    size: { type: 'int', label: l('Size', '大小', '大小') },
    version: { type: 'int', default: 1, nullable: false, label: l('Version', '版本', '版本') },
    key: { type: 'string', label: l('Storage key', '文件位置', '檔案位置') },
    userId: { type: 'int', index: true, label: l('Uploader', '上传者', '上傳者') },
    isPrivate: { type: 'boolean', default: false, nullable: false, label: l('Private', '私有', '私有') },
    scope: { type: 'string', length: 32, label: l('Shared with', '共享范围', '共享範圍') },
    scopeId: { type: 'int', label: l('Shared with id', '共享对象', '共享對象') },
  },
  owner: 'userId',
  search: { keyword: ['name'], equal: ['type', 'classifyId'] },
  access: {
    members: 'all',
    ...ownRows,
    // A member files into a category they can see: a shared one or their own.
    create: async ({ user, data, exists }) =>
      !!user && (data.classifyId == null || (await exists('space/type', and(eq('id', Number(data.classifyId)), usableTypes(user.id))))),
    // Where a file lives is the store's business (an upload sets it): a member renames and
    // sorts their files but never repoints them at someone else's.
    adminOnly: ['url', 'key', 'fileId', 'size', 'isPrivate', 'scope', 'scopeId'],
  },
});
