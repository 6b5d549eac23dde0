import { describe, expect, it } from 'vitest';
import { diffLines } from '../../web/src/helper/diff-lines';
import { renamed, rowsOfEntity, toChangeField } from '../../web/src/helper/change-fields';
import type { TreeEntity } from '../../web/src/helper/coding-api';

const labels = { en: 'Title', 'zh-cn': '标题', 'zh-tw': '標題' };
const entity: TreeEntity = {
  key: 'demo/note',
  name: 'note',
  label: { en: 'Note', 'zh-cn': '笔记', 'zh-tw': '筆記' },
  table: 'demo_note',
  prefix: '/admin/demo/note',
  live: true,
  fields: [
    { name: 'id', type: 'int', label: { en: 'ID', 'zh-cn': 'ID', 'zh-tw': 'ID' }, system: true },
    { name: 'title', type: 'string', length: 120, required: true, label: labels, dict: null },
    { name: 'pages', type: 'int', length: null, label: { en: 'Pages', 'zh-cn': '页数', 'zh-tw': '頁數' }, dict: 'pageKind' },
  ],
};

describe('change sets in the code helper', () => {
  it('colours a unified diff by line: file headers and hunks are not changes', () => {
    const lines = diffLines("--- a/note.entity.ts\n+++ b/note.entity.ts\n@@ -1,2 +1,3 @@\n name: 'note',\n-  old: 1,\n+  pages: 2,\n");
    expect(lines.map((l) => l.kind)).toEqual(['meta', 'meta', 'hunk', 'same', 'del', 'add']);
  });

  it('turns an entity into editor rows without its system fields, each remembering its name and labels', () => {
    const rows = rowsOfEntity(entity, 'zh-cn');
    expect(rows.map((r) => r.name)).toEqual(['title', 'pages']);
    expect(rows[0]).toMatchObject({ from: 'title', length: 120, required: true, label: '标题', labels, dict: null });
    expect(rows[1]).toMatchObject({ type: 'int', length: null, dict: 'pageKind' });
    expect(rowsOfEntity(null, 'en')).toEqual([]);
  });

  it('sends a rename with its old name, and an untouched label in all three languages', () => {
    const [title] = rowsOfEntity(entity, 'en');
    expect(toChangeField(title!, 'en')).toEqual({ name: 'title', type: 'string', length: 120, required: true, label: labels });
    const moved = { ...title!, name: 'heading' };
    expect(renamed(moved)).toBe('title');
    expect(toChangeField(moved, 'en')).toMatchObject({ name: 'heading', from: 'title', label: labels });
    expect(toChangeField({ ...title!, label: 'Headline' }, 'en').label).toBe('Headline');
    // A new row has no old name.
    expect(toChangeField({ name: 'done', type: 'boolean' }, 'en')).toEqual({ name: 'done', type: 'boolean', required: false });
    expect(renamed({ name: 'done' })).toBeNull();
  });
});
