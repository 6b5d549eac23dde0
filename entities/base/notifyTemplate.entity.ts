import { defineEntity, l } from '../../server/core/entity/define';
import { keyHolders } from '../../server/core/entity/access';

export default defineEntity({
  module: 'base',
  name: 'notifyTemplate',
  table: 'base_notify_template',
  label: l('Notification template', '通知模板', '通知範本'),
  note: 'title is required.',
  fields: {
    title: { type: 'string', required: true, nullable: false, label: l('Title', '标题', '標題') },
    content: { type: 'text', label: l('Content', '内容', '內容') },
    type: { type: 'int', label: l('Type', '类型', '類型') },
  },
  search: { keyword: ['title'], equal: ['id'] },
  access: keyHolders,
});
