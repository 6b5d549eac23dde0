/**
 * Set-up data of the chat benchmark on our server, made cheaply but the way a sign-in expects it:
 *
 * - one member through the API (sys/user/add as the administrator, with the seeded member role),
 *   who creates one group through the API (group/add: the group row and its owner member row);
 * - the other users, groups and member rows as copies of those rows (every column as the API wrote
 *   it, with username, usernameKey, nickName, group name, owner and member ids replaced), inserted
 *   straight into the tables: setup data, not what is measured;
 * - every user signs in through POST /admin/base/open/login (scrypt each, so with a bounded
 *   concurrency, spread over both instances, with progress on stderr).
 *
 * User i belongs to group floor(i / groupSize); the first user of a group is its owner.
 */
import { api, log } from './lib.mjs';

const BATCH = 250;

/** A row read with dateStrings, ready to be inserted again (JSON objects back to text). */
function plain(v) {
  if (v === null || v === undefined || typeof v !== 'object' || Buffer.isBuffer(v) || v instanceof Date) return v;
  return JSON.stringify(v);
}

/** INSERTs `rows` (objects with the same keys) in batches; answers nothing. */
async function insertRows(conn, table, rows) {
  if (!rows.length) return;
  const cols = Object.keys(rows[0]);
  const head = `INSERT INTO \`${table}\` (${cols.map((c) => `\`${c}\``).join(', ')}) VALUES `;
  for (let i = 0; i < rows.length; i += BATCH) {
    const part = rows.slice(i, i + BATCH);
    const marks = part.map(() => `(${cols.map(() => '?').join(', ')})`).join(', ');
    await conn.query(
      head + marks,
      part.flatMap((r) => cols.map((c) => plain(r[c]))),
    );
  }
}

async function one(conn, sql, params) {
  const [rows] = await conn.query(sql, params);
  if (rows.length !== 1) throw new Error(`expected one row from ${sql} ${JSON.stringify(params)}, got ${rows.length}`);
  return rows[0];
}

/** Copies of `template` without its id, one per entry of `changes` (each a set of replaced columns). */
function copies(template, changes) {
  const { id: _id, ...rest } = template;
  return changes.map((c) => ({ ...rest, ...c }));
}

/**
 * Makes `clients` users in `clients / groupSize` groups. `conn` is a mysql2 connection to the
 * bench database opened with `dateStrings: true`. Answers { users: [{id, username, group}], groups:
 * [{id, memberIds}], password, template }.
 */
export async function seedChat({ conn, base, adminPassword, clients, groupSize, prefix }) {
  const admin = await api(base, 'POST', '/admin/base/open/login', { username: 'admin', password: adminPassword });
  const roles = await api(base, 'POST', '/admin/base/sys/role/list', {}, admin.token);
  const member = roles.find((r) => r.label === 'member');
  if (!member) throw new Error(`no seeded role with label 'member': ${JSON.stringify(roles).slice(0, 300)}`);
  const password = `Chat-${prefix}-Pass1`;
  const name = (i) => `${prefix}_${i}`;
  const added = await api(base, 'POST', '/admin/base/sys/user/add', { username: name(0), password, nickName: 'bench 0', roleIdList: [member.id] }, admin.token);
  const first = await api(base, 'POST', '/admin/base/open/login', { username: name(0), password });
  const group = await api(base, 'POST', '/admin/base/group/add', { name: 'bench group 0' }, first.token);
  const templateId = Number(added.id);
  const groupId0 = Number(group.id);

  // Users: the API-made row, copied.
  const userRow = await one(conn, 'SELECT * FROM `base_sys_user` WHERE `id` = ?', [templateId]);
  const hasKey = 'usernameKey' in userRow;
  const more = [];
  for (let i = 1; i < clients; i++) {
    const c = { username: name(i), nickName: `bench ${i}` };
    // The canonical key of an ASCII name is its lower case (server/core/auth/username.ts).
    if (hasKey) c.usernameKey = name(i).toLowerCase();
    if ('online' in userRow) c.online = 0;
    if ('socketId' in userRow) c.socketId = null;
    more.push(c);
  }
  await insertRows(conn, 'base_sys_user', copies(userRow, more));
  const [idRows] = await conn.query('SELECT `id`, `username` FROM `base_sys_user` WHERE `username` LIKE ?', [`${prefix}\\_%`]);
  const idOf = new Map(idRows.map((r) => [r.username, Number(r.id)]));
  const users = Array.from({ length: clients }, (_, i) => ({ id: idOf.get(name(i)), username: name(i), group: Math.floor(i / groupSize) }));
  if (users.some((u) => !u.id)) throw new Error(`only ${idOf.size} of ${clients} users were found after the inserts`);
  const [links] = await conn.query('SELECT * FROM `base_sys_user_role` WHERE `userId` = ?', [templateId]);
  if (!links.length) throw new Error(`user ${templateId} has no row in base_sys_user_role`);
  for (const link of links)
    await insertRows(
      conn,
      'base_sys_user_role',
      copies(
        link,
        users.slice(1).map((u) => ({ userId: u.id })),
      ),
    );

  // Groups: the API-made group and its owner row, copied.
  const groupRow = await one(conn, 'SELECT * FROM `base_group` WHERE `id` = ?', [groupId0]);
  const ownerRow = await one(conn, 'SELECT * FROM `base_group_member` WHERE `groupId` = ? AND `userId` = ?', [groupId0, templateId]);
  const groupCount = Math.floor(clients / groupSize);
  const groupNames = Array.from({ length: groupCount }, (_, g) => `bench group ${prefix} ${g}`);
  await conn.query('UPDATE `base_group` SET `name` = ? WHERE `id` = ?', [groupNames[0], groupId0]);
  const newGroups = groupNames.slice(1).map((n, k) => {
    const c = { name: n, userId: users[(k + 1) * groupSize].id };
    if (groupRow.key !== null && groupRow.key !== undefined) c.key = `${prefix}-${k + 1}`;
    return c;
  });
  await insertRows(conn, 'base_group', copies(groupRow, newGroups));
  const [gRows] = await conn.query('SELECT `id`, `name` FROM `base_group` WHERE `name` LIKE ?', [`bench group ${prefix} %`]);
  const gidOf = new Map(gRows.map((r) => [r.name, Number(r.id)]));
  const groups = groupNames.map((n) => ({ id: gidOf.get(n), memberIds: [] }));
  const memberRows = [];
  users.forEach((u, i) => {
    groups[u.group].memberIds.push(u.id);
    if (i === 0) return;
    const c = { groupId: groups[u.group].id, userId: u.id, isOwner: i % groupSize === 0 ? 1 : 0 };
    if (ownerRow.name !== null && ownerRow.name !== undefined) c.name = `bench ${i}`;
    memberRows.push(c);
  });
  await insertRows(conn, 'base_group_member', copies(ownerRow, memberRows));
  const [[count]] = await conn.query('SELECT COUNT(*) AS n FROM `base_group_member` WHERE `groupId` IN (?)', [groups.map((g) => g.id)]);
  if (Number(count.n) !== groupCount * groupSize)
    throw new Error(`base_group_member holds ${count.n} rows of the bench groups, expected ${groupCount * groupSize}`);
  users[0].token = first.token;
  return { users, groups, password, memberRoleId: member.id };
}

/**
 * Signs every user without a token in, `concurrency` at a time, alternating between `bases`;
 * progress on stderr every few seconds.
 */
export async function signInAll({ users, password, bases, concurrency }) {
  const todo = users.filter((u) => !u.token);
  const t0 = performance.now();
  let next = 0;
  let done = 0;
  let last = 0;
  const worker = async () => {
    while (next < todo.length) {
      const k = next++;
      const u = todo[k];
      const r = await api(bases[k % bases.length], 'POST', '/admin/base/open/login', { username: u.username, password });
      u.token = r.token;
      done++;
      const now = performance.now();
      if (now - last > 3000 || done === todo.length) {
        last = now;
        log(`  signed in ${done}/${todo.length} (${((done / (now - t0)) * 1000).toFixed(0)}/s)`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return { count: todo.length, ms: performance.now() - t0 };
}
