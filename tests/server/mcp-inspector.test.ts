/**
 * The MCP server at /mcp driven by the MCP inspector's command-line client
 * (`@modelcontextprotocol/inspector-cli`, a real MCP client nobody here wrote), on every database:
 * it lists the tools with a member's API key and calls one with their token, and a member naming an
 * administrator's tool gets an error.
 */
import { execFile } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { serverUrl } from '../helpers/sockets';
import { member, type Person } from './chat-world';

const kinds = await databaseKinds();
const INSPECTOR = resolve(__dirname, '../../node_modules/@modelcontextprotocol/inspector-cli/build/cli.js');

/** Runs the inspector in CLI mode against `url`; answers its exit code and what it printed. */
function inspect(url: string, auth: string, args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [INSPECTOR, '--cli', url, '--transport', 'http', '--header', `Authorization: ${auth}`, ...args],
      // It reads its own package.json at a path it checks from the working folder but imports from
      // its module's: both agree only when it runs in its build folder.
      { timeout: 60_000, cwd: dirname(INSPECTOR) },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, out: stdout, err: stderr }),
    );
  });
}

describe.each(kinds)('the MCP inspector against /mcp on %s', (kind) => {
  let t: TestApp;
  let url: string;
  let ann: Person;

  beforeAll(async () => {
    t = await startApp(kind);
    url = `${await serverUrl()}/mcp`;
    ann = await member(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("lists a member's tools with their API key: theirs, and no administrator's", async () => {
    const made = await t.http().post('/admin/base/apiKey/create').set('Authorization', ann.token).send({ name: 'inspector' });
    expect(made.body.code, JSON.stringify(made.body)).toBe(1000);
    const r = await inspect(url, `Bearer ${made.body.data.key}`, ['--method', 'tools/list']);
    expect(r.code, r.err).toBe(0);
    const names = (JSON.parse(r.out) as { tools: Array<{ name: string }> }).tools.map((x) => x.name);
    expect(names).toContain('base_comm_person');
    expect(names).not.toContain('base_sys_user_page');
  }, 90_000);

  it('calls a tool and prints its result', async () => {
    const r = await inspect(url, `Bearer ${ann.token}`, ['--method', 'tools/call', '--tool-name', 'base_comm_person']);
    expect(r.code, r.err).toBe(0);
    const result = JSON.parse(r.out) as { isError?: boolean; structuredContent: { id: number; username: string } };
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ id: ann.id, username: ann.username });
  }, 90_000);

  it('calls a tool with arguments as the administrator', async () => {
    const r = await inspect(url, t.adminToken, [
      '--method',
      'tools/call',
      '--tool-name',
      'base_sys_user_page',
      '--tool-arg',
      `keyWord=${ann.username}`,
      'size=5',
    ]);
    expect(r.code, r.err).toBe(0);
    const result = JSON.parse(r.out) as { structuredContent: { list: Array<{ id: number }> } };
    expect(result.structuredContent.list.map((u) => u.id)).toEqual([ann.id]);
  }, 90_000);

  it("gets an error naming an administrator's tool as a member", async () => {
    const r = await inspect(url, `Bearer ${ann.token}`, ['--method', 'tools/call', '--tool-name', 'base_sys_user_delete', '--tool-arg', 'ids=[1]']);
    expect(r.code).not.toBe(0);
    expect(`${r.out}${r.err}`).toContain('Unknown tool: base_sys_user_delete');
  }, 90_000);
});
