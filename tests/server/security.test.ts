/**
 * Secrets stay secret: after sign-ins, refreshes, password changes, failed logins and a server fault,
 * no password, password hash or code is in any answer or log, and no token is in any log (file or
 * request log). Only the sign-in calls and refresh return tokens, and only the caller's own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { memberRoleId } from '../../server/modules/system/member.service';

const kinds = await databaseKinds();

function logText(dir: string): string {
  let out = '';
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = statSync(p);
    if (st.isDirectory()) out += logText(p);
    else if (st.isFile()) out += readFileSync(p, 'utf8');
  }
  return out;
}

describe.each(kinds)('secrets on %s', (kind) => {
  let t: TestApp;
  const secrets: string[] = [];
  const tokens: string[] = [];
  const answers: Array<{ path: string; text: string }> = [];
  beforeAll(async () => {
    t = await startApp(kind);
    tokens.push(t.adminToken);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function record<T extends { text: string }>(path: string, res: Promise<T>): Promise<T> {
    const r = await res;
    answers.push({ path, text: r.text });
    return r;
  }

  it('keeps passwords, hashes, codes and tokens out of answers and logs', async () => {
    const password = 'Very-Secret-Pw-1';
    const newPassword = 'Other-Secret-2';
    secrets.push(password, newPassword);
    const role = await memberRoleId(t.core);
    await record(
      'add user',
      t
        .http()
        .post('/admin/base/sys/user/add')
        .set('Authorization', t.adminToken)
        .send({ username: `sec_${kind}`, password, nickName: 'Sec', roleIdList: [role] }),
    );
    const login = await t
      .http()
      .post('/admin/base/open/login')
      .send({ username: `sec_${kind}`, password });
    tokens.push(login.body.data.token, login.body.data.refreshToken);
    await t
      .http()
      .post('/admin/base/open/login')
      .send({ username: `sec_${kind}`, password: 'Wrong-Guess-Pw-3' });
    secrets.push('Wrong-Guess-Pw-3');
    expect(login.body.code, JSON.stringify(login.body)).toBe(1000);
    const refreshed = await t.http().get('/admin/base/open/refreshToken').query({ refreshToken: login.body.data.refreshToken });
    expect(refreshed.body.code, JSON.stringify(refreshed.body)).toBe(1000);
    tokens.push(refreshed.body.data.token, refreshed.body.data.refreshToken);
    const changed = await t
      .http()
      .post('/admin/base/comm/personUpdate')
      .set('Authorization', refreshed.body.data.token)
      .send({ originalPassword: password, password: newPassword });
    expect(changed.body.code, JSON.stringify(changed.body)).toBe(1000);
    tokens.push(changed.body.data.token, changed.body.data.refreshToken);
    const fresh = changed.body.data.token as string;

    for (const [path, req] of [
      ['person', t.http().get('/admin/base/comm/person').set('Authorization', fresh)],
      ['user page', t.http().post('/admin/base/sys/user/page').set('Authorization', t.adminToken).send({ size: 100 })],
      ['user list', t.http().post('/admin/base/sys/user/list').set('Authorization', t.adminToken).send({})],
      ['permmenu', t.http().get('/admin/base/comm/permmenu').set('Authorization', fresh)],
      ['eps', t.http().get('/admin/base/open/eps').set('Authorization', t.adminToken)],
      ['openapi', t.http().get('/admin/base/open/openapi.json')],
      ['log page', t.http().post('/admin/base/sys/log/page').set('Authorization', t.adminToken).send({ size: 200 })],
      ['recycle page', t.http().post('/admin/recycle/data/page').set('Authorization', t.adminToken).send({})],
    ] as const)
      await record(path, req as unknown as Promise<{ text: string }>);

    // Deleting the user puts the row in the recycle bin: its hash must not show there either.
    const uid = JSON.parse(answers[0].text).data.id;
    await record(
      'delete user',
      t
        .http()
        .post('/admin/base/sys/user/delete')
        .set('Authorization', t.adminToken)
        .send({ ids: [uid] }),
    );
    await record('recycle page after delete', t.http().post('/admin/recycle/data/page').set('Authorization', t.adminToken).send({}));

    await t.core.requestLog.flush();
    const logRows = JSON.stringify(await t.core.db.query('SELECT * FROM `base_sys_log`'));
    expect(logRows.length).toBeGreaterThan(100);
    const files = logText(process.env.LOG_DIR!);

    for (const { path, text } of answers) {
      expect(text, path).not.toMatch(/scrypt\$/);
      for (const s of secrets) expect(text, `${path} holds a password`).not.toContain(s);
      for (const tk of tokens) expect(text, `${path} holds a token`).not.toContain(tk);
      // eps and OpenAPI describe the password field (a schema, no value); data answers never hold the key.
      if (path !== 'eps' && path !== 'openapi') expect(text, path).not.toMatch(/"password"\s*:/);
    }
    for (const [where, text] of [
      ['request log', logRows],
      ['log files', files],
    ] as const) {
      expect(text, where).not.toMatch(/scrypt\$/);
      for (const s of secrets) expect(text, `${where} holds a password`).not.toContain(s);
      for (const tk of tokens) expect(text, `${where} holds a token`).not.toContain(tk);
      expect(text, where).not.toMatch(/eyJhbGciOi/);
    }
  });
});
