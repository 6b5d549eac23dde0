/** An upgrade that adds a field adds the column and keeps every row; a restart with no change compares nothing. */
import { afterAll, describe, expect, it } from 'vitest';
import { defineEntity, l } from '../../server/core/entity/define';
import { normalize } from '../../server/core/entity/normalize';
import { openDatabase, parseDatabaseUrl, type OpenDb } from '../../server/core/db/open';
import { indexSpecs, syncSchema } from '../../server/core/db/schema';
import { loadModel } from '../../server/core/entity/load';
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

  it('makes every declared index of a new database with its table, and none twice', async () => {
    const fresh = await createTestDb(kind);
    const o = await openDatabase(parseDatabaseUrl(fresh.url));
    try {
      const model = await loadModel();
      const report = await syncSchema(o.db, model);
      expect(report.createdTables.length).toBe(model.entities.length);
      const rows =
        kind === 'sqlite'
          ? await o.db.query<{ t: string; name: string }>(
              "SELECT m.name AS t, i.name AS name FROM sqlite_master m JOIN pragma_index_list(m.name) i WHERE m.type = 'table' AND i.origin = 'c'",
            )
          : await o.db.query<{ t: string; name: string }>(
              "SELECT DISTINCT TABLE_NAME AS t, INDEX_NAME AS name FROM information_schema.statistics WHERE table_schema = DATABASE() AND INDEX_NAME <> 'PRIMARY'",
            );
      const made = rows
        .filter((r) => r.t !== 'app_schema_state')
        .map((r) => `${r.t}.${r.name}`)
        .sort();
      const declared = model.entities.flatMap((e) => indexSpecs(e).map((ix) => `${e.table}.${ix.name}`)).sort();
      expect(declared.length).toBeGreaterThan(100);
      expect(made).toEqual(declared);
      // On MySQL they came with the tables: no index was added afterwards.
      if (kind === 'mysql') expect(report.addedIndexes).toEqual([]);
      // A second pass finds nothing to add.
      const again = await syncSchema(o.db, model, { force: true });
      expect([...again.createdTables, ...again.addedColumns, ...again.addedIndexes]).toEqual([]);
    } finally {
      await o.db.close();
      await fresh.drop();
    }
  });
});
