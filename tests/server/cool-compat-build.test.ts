/**
 * cool-admin-vue's own build step against this server with COOL_COMPAT=on: its Vite plugin
 * (@cool-vue/vite-plugin, 7.2.7 as cool-admin-vue 7.x's `^7.2.4` picks) fetches /eps from the
 * server without a token, builds the client's service tree and writes `eps.d.ts`, which must then
 * parse and type-check. The plugin is not a dependency of this project: the test runs only where
 * it can be resolved (install it beside the project, or put its node_modules on NODE_PATH).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { serverUrl } from '../helpers/sockets';

function pluginDir(): string | null {
  try {
    return dirname(createRequire(import.meta.url).resolve('@cool-vue/vite-plugin/package.json'));
  } catch {
    return null;
  }
}

const dir = pluginDir();

/** The file once its (unawaited) writer has finished: present and the same size twice running. */
async function settled(file: string, ms = 60_000): Promise<string> {
  let last = -1;
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 200))) {
    if (!existsSync(file)) continue;
    const size = readFileSync(file).length;
    if (size > 0 && size === last) return readFileSync(file, 'utf8');
    last = size;
  }
  throw new Error(`${file} was not written`);
}

describe.runIf(dir)('the cool-admin-vue build plugin against COOL_COMPAT=on', () => {
  let t: TestApp;
  const out = mkdtempSync(join(tmpdir(), 'cool-eps-'));
  beforeAll(async () => {
    t = await startApp('sqlite', { env: { ...process.env, COOL_COMPAT: 'on' } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(out, { recursive: true, force: true });
  });

  it('generates the service tree and declarations that type-check', async () => {
    // The package's "main" is an absolute path that Node cannot follow; its bundle is dist/index.js.
    const { cool } = createRequire(import.meta.url)(join(dir!, 'dist/index.js'));
    const plugins = cool({ type: 'admin', proxy: { '/dev/': { target: await serverUrl() } }, eps: { enable: true, dist: out } });
    const virtual = (await Promise.all(plugins)).find((p: { name: string }) => p.name === 'vite-cool-virtual');
    const code: string = await virtual.load('\0virtual:eps');
    const { service } = JSON.parse(code.slice(code.indexOf('{'), code.lastIndexOf('}') + 1));
    expect(Object.keys(service.base.sys.user)).toEqual(expect.arrayContaining(['page', 'add', 'update', 'delete', 'info', 'move']));
    expect(service.base.sys.user.permission.move).toBe('base:sys:user:move');
    expect(service.base.sys.department.namespace).toBe('admin/base/sys/department');
    expect(service.base.open.captcha.method).toBe('GET');
    // Its user module: service.user.info (app users, our members) and service.user.address.
    expect(Object.keys(service.user.info)).toEqual(expect.arrayContaining(['page', 'list', 'info', 'update', 'delete']));
    expect(service.user.info.permission.page).toBe('user:info:page');
    expect(Object.keys(service.user.address)).toEqual(expect.arrayContaining(['page', 'add', 'update', 'delete', 'info']));
    const dts = await settled(join(out, 'eps.d.ts'));
    const file = join(out, 'eps.d.ts');
    const program = ts.createProgram([file], { noEmit: true, strict: false, target: ts.ScriptTarget.ES2020, types: [] });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(problems).toEqual([]);
    expect(dts).toContain('interface BaseSysUserEntity');
    expect(dts).toContain('departmentName?: string');
    // src/modules/user/components/select.vue types its rows as Eps.UserInfoEntity.
    expect(dts).toContain('interface UserInfoEntity');
    expect(dts).toContain('avatarUrl?: string');
    expect(dts).toContain('interface UserAddressEntity');
    expect(dts).toMatch(/info\(data\?: any\): Promise<UserInfoEntity>/);
  });
});
