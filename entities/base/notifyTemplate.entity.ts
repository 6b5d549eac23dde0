import { defineEntity, l, keyHolders } from '../../server/core/api';
import { NOTIFY_TYPE_OPTIONS } from './notify.entity';

export default defineEntity({
  module: 'base',
  name: 'notifyTemplate',
  table: 'base_notify_template',
  area: 'workspace',
  label: l('Notification template', '通知模板', '通知範本'),
  description:
    'title is required. A console tool: the roles holding its keys (administrators) manage it; ' +
    'members hold none. type is the kind of notification it is for (the values of notify.type); ' +
    'notify/add with a templateId takes the title, content and type from it unless given.',
  fields: {
    title: { type: 'string', required: true, nullable: false, label: l('Title', '标题', '標題') },
    content: { type: 'text', label: l('Content', '内容', '內容') },
    type: { type: 'int', enum: NOTIFY_TYPE_OPTIONS, label: l('Type', '类型', '類型') },
  },
  search: { keyword: ['title'], equal: ['id', 'type'] },
  access: keyHolders,
});
