import { defineEntity, l, keyHolders } from '../../server/core/api';

export default defineEntity({
  module: 'demo',
  name: 'content',
  table: 'demo_content',
  label: l('Demo content', '示例内容', '示例內容'),
  description: 'The spec names only the content field; it is long text and optional.',
  fields: {
    content: { type: 'text', label: l('Content', '内容', '內容') },
  },
  search: { keyword: ['content'] },
  access: keyHolders,
});
