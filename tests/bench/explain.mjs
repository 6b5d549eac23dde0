/**
 * Query plans of the benchmark's page requests, as our server builds them (the built modules under
 * dist/ make the SQL, so the plans shown are of the statements that run): MariaDB `EXPLAIN` on the
 * bench database, SQLite `EXPLAIN QUERY PLAN` on a SQLite copy of demo_goods with the same rows.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { seedGoods } from './seed-goods.mjs';

function dist(root) {
  const require = createRequire(join(root, 'dist/server/'));
  const m = (p) => require(join(root, 'dist/server/core', p));
  return {
    loadModel: m('entity/load.js').loadModel,
    parseQuery: m('crud/query.js').parseQuery,
    planFor: m('crud/plan.js').planFor,
    pageRows: m('crud/page-rows.js').pageRows,
    PageBoundaries: m('crud/keyset.js').PageBoundaries,
    MemoryStore: m('cache/store.js').MemoryStore,
    openDatabase: m('db/open.js').openDatabase,
    parseDatabaseUrl: m('db/open.js').parseDatabaseUrl,
    syncSchema: m('db/schema.js').syncSchema,
  };
}

/** The rows statements of each request body; a `prime` body is served first, so its successor seeks by keyset. */
async function statements(d, db, model, requests) {
  const e = model.byKey.get('demo/goods');
  const plan = d.planFor(e);
  const out = [];
  for (const r of requests) {
    const boundaries = new d.PageBoundaries(new d.MemoryStore());
    if (r.prime) {
      const pq = d.parseQuery(e, r.prime, 'page', db.q, null);
      const rq = await d.pageRows(e, pq, plan, db.q, boundaries, '*');
      await rq.served(await db.query(rq.sql, rq.params));
    }
    const pq = d.parseQuery(e, r.body, 'page', db.q, null);
    const rq = await d.pageRows(e, pq, plan, db.q, boundaries, '*');
    out.push({ label: `${r.label} rows (${rq.via})`, sql: rq.sql, params: rq.params });
    if (r.count) out.push({ label: `${r.label} COUNT`, sql: `SELECT COUNT(*) AS total FROM ${plan.table}${pq.where}`, params: pq.params });
  }
  return out;
}

function mysqlPlan(rows) {
  return rows.map((x) => `    ${[x.id, x.select_type, x.table, x.type, x.key ?? '-', `len ${x.key_len ?? '-'}`, `rows ${x.rows}`, x.Extra ?? ''].join(' | ')}`);
}

function sqlitePlan(rows) {
  return rows.map((x) => `    ${x.detail}`);
}

/**
 * Plans on MariaDB (the bench database, through our own Db) and on a SQLite file seeded with
 * `sqliteRows` rows (0: MariaDB only). Answers text lines for the report.
 */
export async function explainPlans({ root, databaseUrl, sqliteFile, sqliteRows, requests, log }) {
  const d = dist(root);
  const model = await d.loadModel();
  const lines = [];
  const my = await d.openDatabase(d.parseDatabaseUrl(databaseUrl));
  try {
    lines.push(`MariaDB EXPLAIN (${databaseUrl.replace(/^.*\//, '')}):`);
    for (const s of await statements(d, my.db, model, requests)) {
      lines.push(`  ${s.label}: ${s.sql}`, ...mysqlPlan(await my.db.query(`EXPLAIN ${s.sql}`, s.params)));
    }
  } finally {
    await my.db.close();
  }
  if (!sqliteRows) return lines;
  const lite = await d.openDatabase(d.parseDatabaseUrl(`sqlite:${sqliteFile}`));
  try {
    await d.syncSchema(lite.db, model);
    const t = performance.now();
    await seedGoods({ query: (sql) => lite.db.run(sql) }, 0, sqliteRows, { batch: 2000 });
    await lite.db.run('ANALYZE');
    log?.(`  SQLite copy: ${sqliteRows.toLocaleString('en')} rows seeded and analyzed in ${Math.round(performance.now() - t)} ms`);
    lines.push(`SQLite EXPLAIN QUERY PLAN (${sqliteRows.toLocaleString('en')} rows):`);
    for (const s of await statements(d, lite.db, model, requests)) {
      lines.push(`  ${s.label}:`, ...sqlitePlan(await lite.db.query(`EXPLAIN QUERY PLAN ${s.sql}`, s.params)));
    }
  } finally {
    await lite.db.close();
  }
  return lines;
}
