import { defineEntity, l } from '../../server/core/entity/define';
import { ownRows } from '../../server/core/entity/access';

export default defineEntity({
  module: 'base',
  name: 'comment',
  table: 'base_comment',
  area: 'commerce',
  label: l('Comment', '评论', '評論'),
  note: 'content and workflowId are required; userId is the author, taken from the token on add.',
  fields: {
    content: { type: 'text', required: true, nullable: false, label: l('Content', '内容', '內容') },
    workflowId: {
      type: 'int',
      required: true,
      nullable: false,
      index: true,
      label: l('Workflow', '工作流', '工作流程'),
    },
    userId: { type: 'int', index: true, label: l('Author', '评论者', '評論者') },
    status: { type: 'int', label: l('Status', '状态', '狀態') },
  },
  search: { keyword: ['content'], equal: ['id', 'userId', 'workflowId'] },
  owner: 'userId',
  access: { ...ownRows, members: ['add', 'update', 'delete', 'info', 'page'] },
});
