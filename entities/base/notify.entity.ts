import { defineEntity, l } from '../../server/core/entity/define';
import { eq } from '../../server/core/entity/access';

export default defineEntity({
  module: 'base',
  name: 'notify',
  table: 'base_notify',
  label: l('Notification', '通知', '通知'),
  note: 'title is required; toId is the receiver, fromId the sender, templateId the template used.',
  fields: {
    title: { type: 'string', required: true, nullable: false, label: l('Title', '标题', '標題') },
    content: { type: 'text', label: l('Content', '内容', '內容') },
    type: { type: 'int', label: l('Type', '类型', '類型') },
    fromId: { type: 'int', label: l('Sender', '发送者', '傳送者') },
    toId: { type: 'int', index: true, label: l('Receiver', '接收者', '接收者') },
    templateId: { type: 'int', label: l('Template', '模板', '範本') },
    status: { type: 'int', label: l('Status', '状态', '狀態') },
  },
  search: { keyword: ['title'], equal: ['id', 'toId'] },
  access: {
    // A member reads the notices sent to them; administrators send them.
    read: ({ user }) => user && eq('toId', user.id),
  },
});
