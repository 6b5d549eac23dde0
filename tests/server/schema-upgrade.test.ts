/** An upgrade that adds a field adds the column and keeps every row; a restart with no change compares nothing. */
import { afterAll, describe, expect, it } from 'vitest';
import { defineEntity, l } from '../../server/core/entity/define';
import { normalize } from '../../server/core/entity/normalize';
import { openDatabase, parseDatabaseUrl, type OpenDb } from '../../server/core/db/open';
import { syncSchema } from '../../server/core/db/schema';
import { createTestDb, databaseKinds, type TestDb } from '../helpers/databases';

const kinds = await databaseKinds();

const v1 = defineEntity({
  module: 'demo',
  name: 'upgrade',
  table: 'demo_upgrade',
  label: l('Upgrade', '升级'),
  fields: {
    title: { type: 'string', length: 40, required: true, label: l('Title', '标题') },
    gone: { type: 'int', label: l('Removed later', '稍后删除') },
  },
});
const v2 = defineEntity({
  ...v1,
  fields: {
    title: v1.fields.title,
    note: { type: 'string', default: 'n/a', label: l('Note', '备注') },
    score: { type: 'int', nullable: false, label: l('Score', '分数') },
    tags: { type: 'json', jsonType: 'array', label: l('Tags', '标签') },
  },
  indexes: [{ fields: ['title', 'score'] }],
});

describe.each(kinds)('schema upgrade on %s', (kind) => {
  let tdb: TestDb;
  let opened: OpenDb | null = null;
  afterAll(async () => {
    await opened?.db.close();
    await tdb?.drop();
  });

  it('adds new columns and indexes, keeps rows and the columns no longer declared', async () => {
    tdb = await createTestDb(kind);
    const m1 = normalize([v1]);
    opened = await openDatabase(parseDatabaseUrl(tdb.url));
    const { db } = opened;
    const first = await syncSchema(db, m1);
    expect(first.createdTables).toEqual(['demo_upgrade']);
    await db.run('INSERT INTO `demo_upgrade` (`title`, `gone`, `createTime`, `updateTime`) VALUES (?, ?, ?, ?)', [
      'kept',
      7,
      '2026-01-01 00:00:00.000',
      '2026-01-01 00:00:00.000',
    ]);

    expect((await syncSchema(db, m1)).skipped).toBe(true);

    const m2 = normalize([v2]);
    const second = await syncSchema(db, m2);
    expect(second.skipped).toBe(false);
    expect(second.addedColumns.sort()).toEqual(['demo_upgrade.note', 'demo_upgrade.score', 'demo_upgrade.tags']);
    expect(second.addedIndexes).toContain('ix_demo_upgrade__title_score');
    const [row] = await db.query('SELECT * FROM `demo_upgrade`');
    expect(row).toMatchObject({ title: 'kept', gone: 7, note: 'n/a', score: null });

    await db.run('INSERT INTO `demo_upgrade` (`title`, `score`, `createTime`, `updateTime`) VALUES (?, ?, ?, ?)', [
      'new',
      3,
      '2026-01-02 00:00:00.000',
      '2026-01-02 00:00:00.000',
    ]);
    expect((await syncSchema(db, m2)).skipped).toBe(true);
    expect(await db.query('SELECT `title` FROM `demo_upgrade` ORDER BY `id`')).toEqual([{ title: 'kept' }, { title: 'new' }]);
  });
});
