/**
 * nginx for the cluster tests, run from the shipped deploy/nginx/cosmac.conf: the file is rendered
 * for the test's ports (upstream addresses, listen address, log paths; nothing else changes) and
 * included in a minimal main configuration that mirrors Debian's /etc/nginx/nginx.conf. nginx runs
 * in the foreground from a private prefix (`-p`), never as the system service, never on port 80.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { ROOT } from '../helpers/build';

export const NGINX_BIN = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
export const hasNginx = existsSync(NGINX_BIN);
if (process.env.CI === 'true' && !hasNginx) throw new Error(`CI=true but ${NGINX_BIN} is missing (apt-get install -y nginx)`);

export const SHIPPED_CONF = join(ROOT, 'deploy/nginx/cosmac.conf');

export interface Backend {
  port: number;
  /** Marked `down`: nginx sends it nothing (how an instance is taken out before it is stopped). */
  down?: boolean;
}

/** Replaces `pattern` in `text`, and fails when the shipped file no longer has that shape. */
function must(text: string, pattern: RegExp, replace: (...m: string[]) => string, what: string): string {
  if (!pattern.test(text)) throw new Error(`deploy/nginx/cosmac.conf has no ${what} any more; update tests/cluster/nginx.ts`);
  return text.replace(pattern, replace as never);
}

/** The shipped site configuration with the test's upstream servers, listen port and log folder. */
export function renderSite(source: string, listenPort: number, backends: Backend[], logDir: string): string {
  let out = must(
    source,
    /upstream\s+(\w+)\s*\{([^}]*)\}/g,
    (whole, name: string, body: string) => {
      const lines = body.split('\n');
      const first = lines.findIndex((l) => /^\s*server\s/.test(l));
      if (first < 0) throw new Error(`upstream ${name} has no server line`);
      const params = /^\s*server\s+\S+?((?:\s+[a-z_]+=\S+?)*)\s*;/.exec(lines[first])?.[1] ?? '';
      const servers = backends.map((b) => `    server 127.0.0.1:${b.port}${params}${b.down ? ' down' : ''};`);
      const kept = lines.filter((l, i) => i === first || !/^\s*server\s/.test(l));
      kept.splice(
        kept.findIndex((l) => /^\s*server\s/.test(l)),
        1,
        ...servers,
      );
      return `upstream ${name} {${kept.join('\n')}}`;
    },
    'upstream block',
  );
  out = must(out, /^(\s*)listen 80;.*$/m, (_w, sp: string) => `${sp}listen 127.0.0.1:${listenPort};`, '`listen 80;` line');
  out = must(out, /^\s*listen \[::\]:80;.*\n/m, () => '', '`listen [::]:80;` line');
  out = must(out, /access_log \/var\/log\/nginx\/\S+ cosmac;/, () => `access_log ${join(logDir, 'access.log')} cosmac;`, 'access_log line');
  out = must(
    out,
    /error_log {2}\/var\/log\/nginx\/\S+ (\w+);/,
    (_w, level: string) => `error_log ${join(logDir, 'site-error.log')} ${level};`,
    'error_log line',
  );
  return out;
}

/** A main configuration like Debian's (its http settings), with every path inside `dir`. */
function mainConf(dir: string): string {
  const tmp = (name: string) => join(dir, 'tmp', name);
  return [
    // Started as root, the workers would switch to nobody, who cannot enter the private folder.
    process.getuid?.() === 0 ? 'user root;' : '',
    'worker_processes 2;',
    `pid ${join(dir, 'nginx.pid')};`,
    `error_log ${join(dir, 'error.log')} notice;`,
    'events { worker_connections 1024; }',
    'http {',
    '  sendfile on;',
    '  tcp_nopush on;',
    '  types_hash_max_size 2048;',
    existsSync('/etc/nginx/mime.types') ? '  include /etc/nginx/mime.types;' : '',
    '  default_type application/octet-stream;',
    '  gzip on;',
    `  client_body_temp_path ${tmp('body')};`,
    `  proxy_temp_path ${tmp('proxy')};`,
    `  fastcgi_temp_path ${tmp('fastcgi')};`,
    `  uwsgi_temp_path ${tmp('uwsgi')};`,
    `  scgi_temp_path ${tmp('scgi')};`,
    `  include ${join(dir, 'cosmac.conf')};`,
    '}',
    '',
  ].join('\n');
}

export interface AccessLine {
  request: string;
  status: number;
  rid: string;
  /** Every instance nginx tried, in order ("127.0.0.1:port"); empty when none was. */
  upstreams: string[];
}

export interface Nginx {
  port: number;
  url: string;
  dir: string;
  /** Writes the site for these backends and reloads (SIGHUP); resolves once new workers run. */
  reload(backends: Backend[]): Promise<void>;
  accessLog(): AccessLine[];
  /** The site's error log (why nginx answered 502: "upstream prematurely closed connection", ...). */
  siteErrorLog(): string;
  /**
   * The access-log lines of these request ids, once all are written (nginx logs after answering);
   * `about` says what the client saw of a request nginx did not log, for the failure's message.
   */
  logged(rids: string[], about?: (rid: string) => string): Promise<AccessLine[]>;
  stop(): Promise<void>;
}

const LINE = /"([^"]*)" (\d{3}) \d+ rid=(\S+) upstream=(.*?) upstream_status=/;

function args(dir: string, extra: string[]): string[] {
  return ['-p', `${dir}/`, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log'), ...extra];
}

async function accepting(port: number, proc: ChildProcess, out: () => string): Promise<void> {
  const until = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`nginx exited with ${proc.exitCode}: ${out()}`);
    const ok = await new Promise<boolean>((resolve) => {
      const s = connect(port, '127.0.0.1', () => (s.destroy(), resolve(true))).on('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`nginx does not listen on ${port}: ${out()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Writes the configuration into `dir` and checks it with `nginx -t`; returns nginx's verdict. */
export function writeConf(dir: string, port: number, backends: Backend[]): { ok: boolean; output: string } {
  mkdirSync(join(dir, 'tmp'), { recursive: true });
  mkdirSync(join(dir, 'logs'), { recursive: true });
  writeFileSync(join(dir, 'cosmac.conf'), renderSite(readFileSync(SHIPPED_CONF, 'utf8'), port, backends, join(dir, 'logs')));
  writeFileSync(join(dir, 'nginx.conf'), mainConf(dir));
  const t = spawnSync(NGINX_BIN, args(dir, ['-t']), { encoding: 'utf8' });
  return { ok: t.status === 0, output: `${t.stdout}${t.stderr}` };
}

/** Starts nginx on `port` in front of `backends`, from the private folder `dir`. */
export async function startNginx(dir: string, port: number, backends: Backend[]): Promise<Nginx> {
  const checked = writeConf(dir, port, backends);
  if (!checked.ok) throw new Error(`nginx -t refused the rendered configuration: ${checked.output}`);
  let out = '';
  const proc = spawn(NGINX_BIN, args(dir, ['-g', 'daemon off;']), { stdio: ['ignore', 'pipe', 'pipe'] });
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  await accepting(port, proc, () => out + readFileSync(join(dir, 'error.log'), 'utf8'));
  const accessLog = (): AccessLine[] => {
    const file = join(dir, 'logs', 'access.log');
    if (!existsSync(file)) return [];
    return readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((l) => {
        const m = LINE.exec(l);
        if (!m) return [];
        // Several addresses when nginx tried more than one: "a, b" (or "a : b" across an internal redirect).
        const upstreams = m[4] === '-' ? [] : m[4].split(/,\s*|\s+:\s+/).filter((u) => /:\d+$/.test(u));
        return [{ request: m[1], status: Number(m[2]), rid: m[3], upstreams }];
      });
  };
  const errorLog = () => (existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '');
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    dir,
    async reload(next) {
      const checked = writeConf(dir, port, next);
      if (!checked.ok) throw new Error(`nginx -t refused the rendered configuration: ${checked.output}`);
      const count = (words: string) => errorLog().split(words).length;
      const [started, leaving] = [count('start worker process'), count('gracefully shutting down')];
      proc.kill('SIGHUP');
      // Done when the two new workers run and the two old ones have begun to leave: until then an
      // old worker still accepts connections, and closes them after one answer as it leaves (the
      // next request on such a kept-alive connection is lost before nginx logs it: "socket hang up").
      const until = Date.now() + 60_000;
      while (count('start worker process') < started + 2 || count('gracefully shutting down') < leaving + 2) {
        if (Date.now() > until) throw new Error(`nginx did not reload: ${errorLog()}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      // It closes its listening sockets and idle connections right after saying so.
      await new Promise((r) => setTimeout(r, 100));
    },
    accessLog,
    siteErrorLog: () => (existsSync(join(dir, 'logs', 'site-error.log')) ? readFileSync(join(dir, 'logs', 'site-error.log'), 'utf8') : ''),
    async logged(rids, about) {
      const want = new Set(rids);
      for (const until = Date.now() + 30_000; ;) {
        const lines = accessLog().filter((l) => want.has(l.rid));
        if (new Set(lines.map((l) => l.rid)).size === want.size) return lines;
        if (Date.now() > until) {
          const seen = new Set(lines.map((l) => l.rid));
          const missing = [...want].filter((r) => !seen.has(r));
          throw new Error(
            `nginx logged ${lines.length} of ${want.size} requests; not logged: ${missing
              .slice(0, 5)
              .map((r) => (about ? `${r} (${about(r)})` : r))
              .join(', ')}`,
          );
        }
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async stop() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      const gone = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
      proc.kill('SIGQUIT');
      await gone;
    },
  };
}
