/**
 * Gives every user row without a `usernameKey` its key, on each start after the schema sync (which
 * adds the column empty; NULLs sit in its unique index on both databases until they are filled).
 * Rows from before the key existed may collide: the oldest (lowest id) keeps the name, every other
 * becomes `<name>~<id>`. Characters a username may no longer hold are taken out. Each change of a
 * username is logged, naming the id, the old and the new name.
 */
import type { Db } from '../db/db';
import { UniqueViolation } from '../db/db';
import type { Model } from '../entity/model';
import { loadedModel } from '../entity/load';
import { canonicalUsername, REFUSED_ALL, USERNAME_MAX } from './username';

interface Name {
  display: string;
  key: string;
}

/** A name for a stored username that may predate the rules: refused characters out, cut to length. */
function repaired(stored: string | null, id: number): Name {
  const cleaned = [...(stored ?? '').replace(REFUSED_ALL, '').normalize('NFKC').trim()].slice(0, USERNAME_MAX).join('');
  const c = canonicalUsername(cleaned);
  return c.ok ? { display: c.display, key: c.key } : withSuffix('user', id, 0);
}

function withSuffix(display: string, id: number, attempt: number): Name {
  const suffix = `~${id}${attempt ? `~${attempt}` : ''}`;
  const head = [...display]
    .slice(0, USERNAME_MAX - suffix.length)
    .join('')
    .trimEnd();
  const c = canonicalUsername(`${head}${suffix}`);
  if (!c.ok) throw new Error(`cannot rename user ${id}: ${c.rule}`);
  return { display: c.display, key: c.key };
}

/** Quotes a name for a log line, with invisible and direction characters spelled out. */
export function logName(s: string | null): string {
  return JSON.stringify(s ?? '').replace(REFUSED_ALL, (ch) => `\\u${ch.codePointAt(0)!.toString(16).padStart(4, '0')}`);
}

async function keyHolder(tx: Db, table: string, key: string, except: number): Promise<{ id: number; username: string } | null> {
  const q = tx.q.bind(tx);
  const [row] = await tx.query<{ id: number; username: string }>(
    `SELECT ${q('id')}, ${q('username')} FROM ${q(table)} WHERE ${q('usernameKey')} = ? AND ${q('id')} <> ?`,
    [key, except],
  );
  return row ? { id: Number(row.id), username: row.username } : null;
}

/** `<name>~<id>`, or with a further counter when even that key is held. */
async function freeName(tx: Db, table: string, display: string, id: number): Promise<Name> {
  for (let attempt = 0; ; attempt++) {
    const name = withSuffix(display, id, attempt);
    if (!(await keyHolder(tx, table, name.key, id))) return name;
  }
}

async function store(tx: Db, table: string, id: number, name: Name): Promise<void> {
  const q = tx.q.bind(tx);
  await tx.run(`UPDATE ${q(table)} SET ${q('username')} = ?, ${q('usernameKey')} = ? WHERE ${q('id')} = ?`, [name.display, name.key, id]);
}

/** Fills missing keys; returns how many usernames changed. */
export async function fillUsernameKeys(db: Db, warn: (line: string) => void, model: Model = loadedModel()): Promise<number> {
  const q = db.q.bind(db);
  const table = model.system('users').table;
  const pendingSql = `SELECT ${q('id')}, ${q('username')} FROM ${q(table)} WHERE ${q('usernameKey')} IS NULL ORDER BY ${q('id')}`;
  if (!(await db.query(`${pendingSql} LIMIT 1`)).length) return 0;
  const lines: string[] = [];
  const renamed = (id: number, from: string | null, to: string, why: string) =>
    lines.push(`username upgrade: user id=${id} renamed from ${logName(from)} to ${logName(to)} (${why})`);
  await db.transaction(async (tx) => {
    const done = new Set<number>();
    for (const row of await tx.query<{ id: number; username: string | null }>(pendingSql)) {
      const id = Number(row.id);
      if (done.has(id)) continue;
      let name = repaired(row.username, id);
      let why = 'normalized; characters a username may not hold removed';
      const holder = await keyHolder(tx, table, name.key, id);
      if (holder && holder.id < id) {
        name = await freeName(tx, table, name.display, id);
        why = `user #${holder.id} is older and holds the same canonical name`;
      } else if (holder) {
        // A newer row got the key first (written by an upgraded instance meanwhile): the older row wins.
        const other = await freeName(tx, table, holder.username, holder.id);
        await store(tx, table, holder.id, other);
        renamed(holder.id, holder.username, other.display, `user #${id} is older and holds the same canonical name`);
      }
      // Newer rows not filled yet may still hold this very name (`bob` beside an older `bob `): they yield it.
      for (const other of await tx.query<{ id: number; username: string }>(
        `SELECT ${q('id')}, ${q('username')} FROM ${q(table)} WHERE ${q('username')} = ? AND ${q('id')} > ? AND ${q('usernameKey')} IS NULL`,
        [name.display, id],
      )) {
        const otherId = Number(other.id);
        const n = await freeName(tx, table, repaired(other.username, otherId).display, otherId);
        await store(tx, table, otherId, n);
        done.add(otherId);
        renamed(otherId, other.username, n.display, `user #${id} is older and holds the same name`);
      }
      try {
        await store(tx, table, id, name);
      } catch (e) {
        // MySQL's own unique index on username folds accents, which the key keeps apart.
        if (!(e instanceof UniqueViolation)) throw e;
        name = await freeName(tx, table, name.display, id);
        why = 'another user holds a name MySQL counts as equal';
        await store(tx, table, id, name);
      }
      if (name.display !== row.username) renamed(id, row.username, name.display, why);
    }
  });
  for (const line of lines) warn(line);
  return lines.length;
}
