/**
 * The baseline of the CRUD benchmark: node:http + a mysql2 pool with prepared statements, no
 * framework, no token or permission check, naive SQL. It answers the same requests as our server
 * for demo_goods (info, page, and add for the write-mix scenario) with the same envelope and the
 * same row shape.
 *
 *   BARE_PORT=8123 DATABASE_URL=mysql://root@127.0.0.1:3306/db node tests/bench/bare-server.mjs
 *
 * Prints "BARE READY <port>" when listening. Exits when its stdin closes (the harness went away),
 * on SIGTERM or SIGINT.
 */
import { createServer } from 'node:http';
import mysql from 'mysql2/promise';

const port = Number(process.env.BARE_PORT ?? 8002);
const u = new URL(process.env.DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/cosmac');
const pool = mysql.createPool({
  host: u.hostname || '127.0.0.1',
  port: Number(u.port || 3306),
  user: decodeURIComponent(u.username || 'root'),
  password: decodeURIComponent(u.password),
  database: decodeURIComponent(u.pathname.slice(1)),
  connectionLimit: Number(process.env.BARE_POOL_SIZE ?? 20),
  charset: 'utf8mb4_unicode_ci',
  dateStrings: true,
  decimalNumbers: true,
  supportBigNumbers: true,
});

const COLS = 'id, title, price, status, stock, createTime, updateTime';
/** '2024-01-01 00:00:00[.000]' -> '2024-01-01T00:00:00.000Z', the shape our server answers. */
const iso = (s) => (s === null ? null : s.length === 19 ? `${s.replace(' ', 'T')}.000Z` : `${s.replace(' ', 'T').slice(0, 23)}Z`);
function shape(row) {
  row.createTime = iso(row.createTime);
  row.updateTime = iso(row.updateTime);
  return row;
}

function send(res, status, code, message, data) {
  const text = JSON.stringify({ code, message, data });
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const s = Buffer.concat(chunks).toString('utf8');
      try {
        resolve(s ? JSON.parse(s) : {});
      } catch (e) {
        reject(e);
      }
    });
    req.on('error', reject);
  });
}

/** Raised when the client left while its request waited for a connection. */
class Gone extends Error {}

/**
 * pool.execute, except that a request whose client has gone by the time it gets a connection is
 * dropped, so the queue left behind by a finished load run drains at once instead of keeping the
 * database busy into the next run. While a run lasts, clients stay connected and nothing changes.
 */
async function execute(req, sql, params) {
  const conn = await pool.getConnection();
  try {
    if (req.socket.destroyed) throw new Gone();
    const [rows] = await conn.execute(sql, params);
    return rows;
  } finally {
    conn.release();
  }
}

async function info(req, id) {
  const rows = await execute(req, `SELECT ${COLS} FROM demo_goods WHERE id = ?`, [id]);
  return rows.length ? shape(rows[0]) : null;
}

async function page(req, b) {
  const pageNo = Number(b.page ?? 1);
  const size = Number(b.size ?? 20);
  const where = [];
  const params = [];
  if (b.status !== undefined && b.status !== '') {
    where.push('status = ?');
    params.push(Number(b.status));
  }
  if (b.keyWord) {
    where.push('title LIKE ?');
    params.push(`%${b.keyWord}%`);
  }
  const w = where.length ? ` WHERE ${where.join(' AND ')}` : '';
  const [rows, [{ total }]] = await Promise.all([
    execute(req, `SELECT ${COLS} FROM demo_goods${w} ORDER BY createTime DESC, id DESC LIMIT ? OFFSET ?`, [...params, size, (pageNo - 1) * size]),
    execute(req, `SELECT COUNT(*) AS total FROM demo_goods${w}`, params),
  ]);
  for (const r of rows) shape(r);
  return { list: rows, pagination: { page: pageNo, size, total: Number(total) } };
}

/** One row, stored as ours stores it (UTC text with milliseconds). */
async function add(req, b) {
  const now = new Date().toISOString().slice(0, 23).replace('T', ' ');
  const rows = await execute(req, 'INSERT INTO demo_goods (title, price, status, stock, createTime, updateTime) VALUES (?, ?, ?, ?, ?, ?)', [
    String(b.title),
    Number(b.price ?? 0),
    Number(b.status ?? 1),
    Number(b.stock ?? 0),
    now,
    now,
  ]);
  return { id: rows.insertId };
}

const server = createServer(async (req, res) => {
  try {
    const q = req.url.indexOf('?');
    const path = q < 0 ? req.url : req.url.slice(0, q);
    if (path === '/admin/demo/goods/info' && req.method === 'GET') {
      const id = new URLSearchParams(req.url.slice(q + 1)).get('id');
      const row = await info(req, Number(id));
      return row ? send(res, 200, 1000, 'success', row) : send(res, 404, 1001, 'Record not found', null);
    }
    if (path === '/admin/demo/goods/page' && req.method === 'POST') {
      return send(res, 200, 1000, 'success', await page(req, await readBody(req)));
    }
    if (path === '/admin/demo/goods/add' && req.method === 'POST') {
      return send(res, 200, 1000, 'success', await add(req, await readBody(req)));
    }
    if (path === '/health' && req.method === 'GET') {
      await pool.query('SELECT 1');
      return send(res, 200, 1000, 'success', { status: 'ok' });
    }
    send(res, 404, 1001, 'Not found', null);
  } catch (e) {
    if (e instanceof Gone) return res.destroy();
    process.stderr.write(`bare: ${req.method} ${req.url} failed: ${e?.stack ?? e}\n`);
    if (!res.headersSent) send(res, 500, 1003, 'Server error', null);
  }
});
server.keepAliveTimeout = 65_000;

let closing = false;
function shutdown() {
  if (closing) return;
  closing = true;
  server.close();
  server.closeAllConnections?.();
  pool.end().finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
if (!process.stdin.isTTY) {
  process.stdin.on('end', shutdown);
  process.stdin.on('error', shutdown);
  process.stdin.resume();
}

server.listen(port, '127.0.0.1', () => process.stdout.write(`BARE READY ${port}\n`));
