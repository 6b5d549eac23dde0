/**
 * Plugin packages made in the tests with jszip, as an author would zip them: a small notify plugin
 * whose notifier appends each event (one JSON line) to the file named in its config and records its
 * lifecycle calls in its data folder; a plugin whose load throws; and broken packages (zip-slip
 * entries, no index.js, a bad manifest).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import JSZip from 'jszip';

export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A zip of `files` (path -> text), entries stored under exactly these names. */
export async function zipOf(files: Record<string, string>, opts: { symlink?: string } = {}): Promise<Buffer> {
  const zip = new JSZip();
  for (const [name, text] of Object.entries(files)) zip.file(name, text, { createFolders: false });
  if (opts.symlink) zip.file(opts.symlink, '/etc/passwd', { unixPermissions: 0o120777, createFolders: false });
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', platform: 'UNIX' });
}

/** The config schema of the test notifier: `file` required, `token` a secret, `level` with a default. */
export const NOTIFY_SCHEMA = {
  type: 'object',
  required: ['file'],
  additionalProperties: false,
  properties: {
    file: { type: 'string', minLength: 1, title: 'Events file' },
    token: { type: 'string', writeOnly: true, title: 'Token' },
    level: { type: 'integer', minimum: 1, maximum: 5, default: 3 },
  },
};

/** index.js of the test notifier: appends events to config.file; lifecycle calls to dataDir/lifecycle.log. */
const NOTIFY_INDEX = `
const fs = require('node:fs');
const path = require('node:path');
const note = (host, what) => fs.appendFileSync(path.join(host.dataDir, 'lifecycle.log'), what + ' ' + host.version + '\\n');
exports.install = (host) => note(host, 'install');
exports.load = (host) => note(host, 'load');
exports.enable = (host) => {
  if (!host.config.file) throw new Error('config.file is required');
  note(host, 'enable');
};
exports.disable = (host) => note(host, 'disable');
exports.remove = (host) => note(host, 'remove');
exports.notify = (host) => {
  let open = true;
  return {
    send(event) {
      if (!open) throw new Error('closed');
      fs.appendFileSync(host.config.file, JSON.stringify({ ...event, level: host.config.level, token: host.config.token ? 'set' : 'none' }) + '\\n');
      return host.log('info', 'sent ' + event.name, { id: event.id });
    },
    close() { open = false; note(host, 'close'); },
  };
};
`;

export interface NotifyOptions {
  keyName?: string;
  version?: string;
  hook?: string;
}

/** The test notify plugin. */
export function notifyPackage(o: NotifyOptions = {}): Promise<Buffer> {
  const manifest = {
    keyName: o.keyName ?? 'test-notify',
    name: 'Test notifier',
    version: o.version ?? '1.0.0',
    hook: o.hook ?? 'notify',
    description: 'Appends events to a file',
    author: 'tests',
    readme: 'README.md',
    config: NOTIFY_SCHEMA,
  };
  return zipOf({ 'plugin.json': JSON.stringify(manifest), 'index.js': NOTIFY_INDEX, 'README.md': '# Test notifier\n\nAppends events.' });
}

/** index.js of a test upload plugin: files go to the folder `config.root`, urls are on another host. */
const UPLOAD_INDEX = `
const fs = require('node:fs');
const path = require('node:path');
exports.upload = (host) => {
  const root = host.config.root;
  const file = (key) => path.join(root, key.split('/').join('_'));
  return {
    mode: 'folder',
    async put(key, body) {
      const chunks = [];
      if (Buffer.isBuffer(body)) chunks.push(body);
      else for await (const c of body) chunks.push(c);
      const data = Buffer.concat(chunks);
      fs.mkdirSync(root, { recursive: true });
      fs.writeFileSync(file(key), data);
      return { key, size: data.length };
    },
    async head(key) {
      if (!fs.existsSync(file(key))) return null;
      const st = fs.statSync(file(key));
      return { size: st.size, contentType: 'application/octet-stream', modified: st.mtime };
    },
    async get(key) {
      const meta = await this.head(key);
      return meta && { ...meta, stream: fs.createReadStream(file(key)) };
    },
    async delete(key) { fs.rmSync(file(key), { force: true }); },
    url(key) { return 'https://files.example.test/' + key; },
  };
};
`;

/** A test upload plugin storing files in the folder of its config. */
export function uploadPackage(keyName = 'test-folder'): Promise<Buffer> {
  const manifest = {
    keyName,
    name: 'Folder storage',
    version: '1.0.0',
    hook: 'upload',
    config: { type: 'object', required: ['root'], properties: { root: { type: 'string', minLength: 1 } } },
  };
  return zipOf({ 'plugin.json': JSON.stringify(manifest), 'index.js': UPLOAD_INDEX });
}

/** A plugin whose load throws (install succeeds). */
export function throwingPackage(keyName = 'test-throws'): Promise<Buffer> {
  const manifest = { keyName, name: 'Throws at load', version: '1.0.0', hook: 'notify' };
  return zipOf({
    'plugin.json': JSON.stringify(manifest),
    'index.js': "exports.load = () => { throw new Error('boom at load'); };\nexports.notify = () => ({ send() {} });\n",
  });
}

/** A plugin whose install throws: refused, nothing saved. */
export function refusingPackage(keyName = 'test-refuses'): Promise<Buffer> {
  const manifest = { keyName, name: 'Refuses to install', version: '1.0.0', hook: 'notify' };
  return zipOf({ 'plugin.json': JSON.stringify(manifest), 'index.js': "exports.install = () => { throw new Error('not on this server'); };\n" });
}

const GOOD_MANIFEST = JSON.stringify({ keyName: 'test-evil', name: 'Evil', version: '1.0.0', hook: 'notify' });

/** Broken or hostile packages, each refused at upload. */
export async function badPackages(): Promise<Record<string, Buffer>> {
  return {
    notZip: Buffer.from('this is not a zip archive'),
    dotDot: await zipOf({ 'plugin.json': GOOD_MANIFEST, 'index.js': 'exports.load = () => {};', '../evil.js': 'pwned' }),
    absolute: await zipOf({ 'plugin.json': GOOD_MANIFEST, 'index.js': 'exports.load = () => {};', '/tmp/evil.js': 'pwned' }),
    backslash: await zipOf({ 'plugin.json': GOOD_MANIFEST, 'index.js': 'exports.load = () => {};', '..\\evil.js': 'pwned' }),
    symlink: await zipOf({ 'plugin.json': GOOD_MANIFEST, 'index.js': 'exports.load = () => {};' }, { symlink: 'passwd' }),
    noIndex: await zipOf({ 'plugin.json': GOOD_MANIFEST, 'main.js': 'exports.load = () => {};' }),
    noManifest: await zipOf({ 'index.js': 'exports.load = () => {};' }),
    badKey: await zipOf({ 'plugin.json': JSON.stringify({ keyName: 'Bad Key!', name: 'x', version: '1.0.0', hook: 'notify' }), 'index.js': '' }),
    badVersion: await zipOf({ 'plugin.json': JSON.stringify({ keyName: 'test-bad', name: 'x', version: 'one', hook: 'notify' }), 'index.js': '' }),
    noName: await zipOf({ 'plugin.json': JSON.stringify({ keyName: 'test-bad', version: '1.0.0', hook: 'notify' }), 'index.js': '' }),
    badHook: await zipOf({ 'plugin.json': JSON.stringify({ keyName: 'test-bad', name: 'x', version: '1.0.0', hook: 'email' }), 'index.js': '' }),
    badJson: await zipOf({ 'plugin.json': '{ not json', 'index.js': '' }),
  };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `what` every 50 ms until `done` holds or `ms` have passed; answers the last value. */
export async function until<T>(what: () => T | Promise<T>, done: (v: T) => boolean, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (done(v) || Date.now() > end) return v;
    await pause(50);
  }
}

/** The events the test notifier appended to `file`, one JSON line each. */
export const eventsIn = (file: string): Array<Record<string, any>> =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l: string) => JSON.parse(l))
    : [];
