/**
 * The load side of the chat benchmark, in the bench process: socket.io-client sockets, a sender
 * at a fixed total rate, and a recorder of what every socket receives.
 *
 * A message's content carries its send time (`sentAt`, performance.timeOrigin + performance.now()
 * of this process, so sender and receiver read one clock), the step's tag and whether it was sent
 * inside the measured window (`m`). A step sends at `rate` messages/s for `warmupS`, then
 * `stepS` measured, then waits until every acknowledged measured message reached every member
 * (or `drainS` passed). Per step:
 * - deliveries/s: `notice {kind:'message'}` of this step received inside the measured window,
 *   divided by its length (what the servers actually delivered per second);
 * - latency: send -> receive of every delivery of a measured message, late ones included;
 * - missing: deliveries of acknowledged measured messages that had not come at the end of the drain.
 */
import { io } from 'socket.io-client';
import { log, procInfo, sleep } from './lib.mjs';

let hdr = null;
try {
  hdr = await import('hdr-histogram-js');
} catch {
  /* not installed: sorted arrays */
}

export const now = () => performance.timeOrigin + performance.now();

/** Latencies in ms: HdrHistogram (µs resolution) when installed, else a sorted array. */
export class Latencies {
  constructor() {
    this.h = hdr ? hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 3_600_000_000, numberOfSignificantValueDigits: 3 }) : null;
    this.xs = hdr ? null : [];
    this.n = 0;
  }

  add(ms) {
    this.n++;
    if (this.h) this.h.recordValue(Math.max(1, Math.round(ms * 1000)));
    else this.xs.push(ms);
  }

  at(p) {
    if (!this.n) return null;
    if (this.h) return this.h.getValueAtPercentile(p) / 1000;
    this.xs.sort((a, b) => a - b);
    return this.xs[Math.min(this.xs.length - 1, Math.ceil((p / 100) * this.xs.length) - 1)];
  }

  max() {
    if (!this.n) return null;
    return this.h ? this.h.maxValue / 1000 : Math.max(...this.xs);
  }
}

/** The mean of each numeric key over `rows` (null for none). */
function average(rows) {
  if (!rows.length) return null;
  const out = {};
  for (const k of Object.keys(rows[0])) out[k] = rows.reduce((a, r) => a + Number(r[k] ?? 0), 0) / rows.length;
  return out;
}

/** Counts what the sockets receive, for the step that runs now. */
export class Recorder {
  constructor() {
    this.step = null;
    this.stray = 0;
  }

  begin(tag) {
    this.step = { tag, windowStart: Infinity, windowEnd: Infinity, inWindow: 0, measured: 0, latency: new Latencies() };
    return this.step;
  }

  onNotice(n) {
    if (!n || n.kind !== 'message') return;
    const c = n.data?.content;
    const s = this.step;
    if (!s || !c || c.run !== s.tag) {
      this.stray++;
      return;
    }
    const t = now();
    if (t >= s.windowStart && t < s.windowEnd) s.inWindow++;
    if (c.m === 1) {
      s.measured++;
      s.latency.add(t - c.sentAt);
    }
  }
}

/**
 * Connects one socket per user of `users[from..to)` into `sockets` (same indexes), `concurrency`
 * handshakes at a time. `optionsFor(user, index)` gives the URL and the socket.io options of that
 * user's socket. Every socket feeds `recorder`; disconnects and refusals are counted in `stats`.
 * Calling it again with the next range continues the same set.
 */
export async function connectAll({ users, from = 0, to = users.length, sockets, stats, optionsFor, recorder, concurrency = 25, label }) {
  let next = from;
  let last = 0;
  const open = (u, k) =>
    new Promise((resolve, reject) => {
      const { url, options } = optionsFor(u, k);
      const s = io(url, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false, timeout: 30_000, ...options });
      s.on('notice', (n) => recorder.onNotice(n));
      s.once('connect', () => {
        s.on('disconnect', () => stats.disconnects++);
        resolve(s);
      });
      s.once('connect_error', (err) => {
        stats.connectErrors++;
        s.close();
        reject(new Error(`${label}: socket of user ${u.id} refused at connect: ${err.message} ${JSON.stringify(err.data ?? null)}`));
      });
    });
  const worker = async () => {
    while (next < to) {
      const k = next++;
      sockets[k] = await open(users[k], k);
      stats.connected++;
      const t = performance.now();
      if (t - last > 3000 || stats.connected === users.length) {
        last = t;
        log(`  ${label}: ${stats.connected}/${users.length} sockets connected`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, to - from) }, worker));
}

export async function closeAll(sockets) {
  for (const s of sockets) s?.close();
  await sleep(200);
}

/**
 * One step at `rate` messages/s over every group (round robin), each from the group's next member
 * (round robin too, so each person sends rate / clients messages/s: far below the per-sender
 * limit). `groups[g].sockets` are the connected sockets of group g's members, in member order.
 */
export async function runStep({ groups, recorder, rate, warmupS, stepS, drainS, tag, pids = {}, probe = null, ackTimeoutMs = 10_000 }) {
  const s = recorder.begin(tag);
  const ack = { sent: 0, sentMeasured: 0, ok: 0, okMeasured: 0, errors: {}, timeouts: 0, latency: new Latencies(), expectedMeasured: 0 };
  const turn = groups.map(() => 0);
  let k = 0;
  let pending = 0;
  const sendOne = (measured) => {
    const g = groups[k % groups.length];
    const gi = k % groups.length;
    const socket = g.sockets[turn[gi]++ % g.sockets.length];
    const sentAt = now();
    const m = measured ? 1 : 0;
    const payload = { toType: 1, toId: g.id, type: 0, content: { text: `bench ${k}`, sentAt, run: tag, m }, clientId: `${tag}-${k}` };
    k++;
    ack.sent++;
    if (measured) ack.sentMeasured++;
    pending++;
    socket.timeout(ackTimeoutMs).emit('sendMessage', payload, (err, a) => {
      pending--;
      if (err) {
        ack.timeouts++;
        return;
      }
      if (a?.code === 1000) {
        ack.ok++;
        ack.latency.add(now() - sentAt);
        if (measured) {
          ack.okMeasured++;
          ack.expectedMeasured += g.sockets.length;
        }
      } else {
        const key = `${a?.code ?? '?'} ${String(a?.message ?? '').slice(0, 60)}`;
        ack.errors[key] = (ack.errors[key] ?? 0) + 1;
      }
    });
  };

  const t0 = now();
  const warmEnd = t0 + warmupS * 1000;
  const end = warmEnd + stepS * 1000;
  s.windowStart = warmEnd;
  s.windowEnd = end;
  const samples = [];
  let probing = true;
  // `probe()` (optional) answers numbers about the database; sampled every 250 ms while sending.
  const prober = (async () => {
    while (probe && probing) {
      samples.push(await probe().catch(() => null));
      await sleep(250);
    }
  })();
  const cpu0 = process.cpuUsage();
  const proc0 = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, pid ? procInfo(pid) : null]));
  for (;;) {
    const t = now();
    if (t >= end) break;
    const due = Math.floor(((t - t0) / 1000) * rate);
    while (ack.sent < due) sendOne(t >= warmEnd);
    await sleep(Math.min(5, end - t));
  }
  const cpu = process.cpuUsage(cpu0);
  probing = false;
  await prober;
  const wallMs = now() - t0;
  // CPU of each process while sending, in % of one core (the machine has `nproc` of them).
  const cpuPct = { bench: ((cpu.user + cpu.system) / 1000 / wallMs) * 100 };
  for (const [name, before] of Object.entries(proc0)) {
    const after = before && procInfo(pids[name]);
    cpuPct[name] = before && after ? ((after.cpuMs - before.cpuMs) / wallMs) * 100 : null;
  }
  // Every ack back (or timed out), then every delivery of the acknowledged measured messages.
  const drainEnd = now() + Math.max(drainS * 1000, ackTimeoutMs + 500);
  while (pending > 0 && now() < drainEnd) await sleep(20);
  const deliveryEnd = Math.min(drainEnd, now() + drainS * 1000);
  while (s.measured < ack.expectedMeasured && now() < deliveryEnd) await sleep(20);
  await sleep(100);
  recorder.step = null;
  const deliveriesPerSec = s.inWindow / stepS;
  return {
    tag,
    rate,
    sent: ack.sent,
    sentMeasured: ack.sentMeasured,
    sendRate: ack.sentMeasured / stepS,
    acked: ack.ok,
    ackedMeasured: ack.okMeasured,
    ackErrors: Object.values(ack.errors).reduce((a, b) => a + b, 0) + ack.timeouts,
    ackErrorKinds: { ...ack.errors, ...(ack.timeouts ? { timeout: ack.timeouts } : {}) },
    ackP50: ack.latency.at(50),
    ackP99: ack.latency.at(99),
    deliveriesInWindow: s.inWindow,
    deliveriesPerSec,
    expectedPerSec: rate * groups[0].sockets.length,
    measuredDeliveries: s.measured,
    expectedMeasuredDeliveries: ack.expectedMeasured,
    missing: Math.max(0, ack.expectedMeasured - s.measured),
    p50: s.latency.at(50),
    p99: s.latency.at(99),
    max: s.latency.max(),
    cpuPct,
    db: average(samples.filter(Boolean)),
  };
}
