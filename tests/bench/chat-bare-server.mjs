/**
 * The baseline of the chat benchmark: node:http + socket.io + @socket.io/redis-adapter (ioredis
 * pub/sub) + a mysql2 pool, no framework and no auth. It speaks the part of our wire contract the
 * benchmark uses: `sendMessage {toType: 1, toId, type, content, clientId}` -> one INSERT into a
 * table of its own -> `notice {kind: 'message', data}` to the room `group:{toId}` on every instance
 * -> ack `{code: 1000, message: 'success', data}`.
 *
 * The client names itself in the handshake query: `?userId=12&groups=3,4` (nothing is checked: no
 * token, no membership, no rate limit, no sequence number, no clientId de-duplication).
 *
 *   BARE_PORT=8124 DATABASE_URL=mysql://root@127.0.0.1:3306/db REDIS_URL=redis://127.0.0.1:6390 \
 *     node tests/bench/chat-bare-server.mjs
 *
 * Env: BARE_TABLE (default bench_bare_message, created if missing), BARE_REDIS_KEY (the adapter's
 * channel prefix, default chatbench-bare: never the one our server uses), BARE_POOL_SIZE (20).
 * Prints "BARE READY <port>" when listening; GET /health answers 200. Exits when its stdin closes
 * (the harness went away), on SIGTERM or SIGINT.
 */
import { createServer } from 'node:http';
import mysql from 'mysql2/promise';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import Redis from 'ioredis';

const port = Number(process.env.BARE_PORT ?? 8124);
const table = process.env.BARE_TABLE ?? 'bench_bare_message';
if (!/^[A-Za-z0-9_]+$/.test(table)) throw new Error(`BARE_TABLE must be a plain identifier, got "${table}"`);
const u = new URL(process.env.DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/cosmac');
const pool = mysql.createPool({
  host: u.hostname || '127.0.0.1',
  port: Number(u.port || 3306),
  user: decodeURIComponent(u.username || 'root'),
  password: decodeURIComponent(u.password),
  database: decodeURIComponent(u.pathname.slice(1)),
  connectionLimit: Number(process.env.BARE_POOL_SIZE ?? 20),
  charset: 'utf8mb4_unicode_ci',
});

await pool.query(
  `CREATE TABLE IF NOT EXISTS \`${table}\` (
     id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
     fromId INT NOT NULL,
     toType TINYINT NOT NULL,
     toId INT NOT NULL,
     type INT NOT NULL DEFAULT 0,
     content TEXT NOT NULL,
     clientId VARCHAR(64) NULL,
     createTime DATETIME(3) NOT NULL,
     KEY idx_to (toType, toId)
   ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
);

const http = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/health') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"code":1000,"message":"success","data":{"ok":true}}');
    return;
  }
  res.writeHead(404, { 'content-type': 'application/json' });
  res.end('{"code":1001,"message":"not found","data":null}');
});

const io = new Server(http, { path: '/socket.io', serveClient: false });
const pub = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: true, maxRetriesPerRequest: 3 });
const sub = pub.duplicate();
await Promise.all([pub.connect(), sub.connect()]);
io.adapter(createAdapter(pub, sub, { key: process.env.BARE_REDIS_KEY ?? 'chatbench-bare', requestsTimeout: 3000 }));

const ids = (s) =>
  String(s ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0);

io.on('connection', (socket) => {
  const userId = Number(socket.handshake.query.userId);
  const groups = ids(socket.handshake.query.groups);
  socket.join([`user:${userId}`, ...groups.map((g) => `group:${g}`)]);
  socket.on('sendMessage', async (p, ack) => {
    const reply = typeof ack === 'function' ? ack : () => {};
    try {
      if (!p || p.toType !== 1 || !Number.isSafeInteger(p.toId)) {
        reply({ code: 1002, message: 'invalid', data: [{ field: 'toId', rule: 'required' }] });
        return;
      }
      const createTime = new Date();
      const content = JSON.stringify(p.content ?? null);
      const [r] = await pool.execute(`INSERT INTO \`${table}\` (fromId, toType, toId, type, content, clientId, createTime) VALUES (?, ?, ?, ?, ?, ?, ?)`, [
        userId,
        1,
        p.toId,
        Number(p.type) || 0,
        content,
        p.clientId ?? null,
        createTime,
      ]);
      const data = {
        id: r.insertId,
        fromId: userId,
        toType: 1,
        toId: p.toId,
        type: Number(p.type) || 0,
        content: p.content,
        clientId: p.clientId ?? null,
        createTime: createTime.toISOString(),
      };
      io.to(`group:${p.toId}`).emit('notice', { kind: 'message', data });
      reply({ code: 1000, message: 'success', data });
    } catch (e) {
      process.stderr.write(`sendMessage failed: ${e?.stack ?? e}\n`);
      reply({ code: 1003, message: 'server error', data: null });
    }
  });
});

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  io.local.disconnectSockets(true);
  io.close();
  pub.disconnect();
  sub.disconnect();
  await pool.end().catch(() => {});
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
if (!process.stdin.isTTY) {
  process.stdin.on('end', shutdown);
  process.stdin.on('error', shutdown);
  process.stdin.resume();
}

http.listen(port, '127.0.0.1', () => process.stdout.write(`BARE READY ${port}\n`));
