/**
 * Signing in by e-mail code, completing registration, and resetting a password, end to end on every
 * database kind: the app sends through nodemailer to a real SMTP server (smtp-server on 127.0.0.1,
 * with an account), and the tests read each code out of the received message as a person would.
 * The codes' expiry and the per-IP limits are in email-code-limits.test.ts.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { codeIn, SMTP_PASS, SMTP_USER, type FakeSmtp, type Mail } from '../helpers/fake-smtp';
import { startMailApp, type MailApp } from '../helpers/mail-app';

const kinds = await databaseKinds();

type Res = { status: number; text: string; body: { code: number; message: string; data: any } };

function filesUnder(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(kinds)('e-mail sign-in on %s', (kind) => {
  let mailApp: MailApp;
  let smtp: FakeSmtp;
  let t: TestApp;
  let seq = 0;
  /** Every code mailed and every response text, to prove no code leaks. */
  const codes: string[] = [];
  const responses: string[] = [];
  const passwords: string[] = [];

  const address = (tag: string) => `${tag}.${kind}.${++seq}@Example.com`;
  const q = (id: string) => t.core.db.q(id);

  async function post(path: string, body: unknown, opts: { token?: string; lang?: string } = {}): Promise<Res> {
    let r = t.http().post(path).send(body as object);
    if (opts.token) r = r.set('Authorization', opts.token);
    if (opts.lang) r = r.set('language', opts.lang);
    const res = (await r) as unknown as Res;
    responses.push(res.text);
    return res;
  }

  async function get(path: string, token: string): Promise<Res> {
    const res = (await t.http().get(path).set('Authorization', token)) as unknown as Res;
    responses.push(res.text);
    return res;
  }

  /** The messages received for an address (case-insensitively), oldest first. */
  const mailsTo = (email: string) => mailApp.mailsTo(email);

  /** Asks for a code and reads it from the message that arrived. */
  async function mailedCode(email: string, type?: string, lang?: string): Promise<{ code: string; mail: Mail }> {
    const before = mailsTo(email).length;
    const { res, mail } = await mailApp.sendCode(email, type ? { type } : {}, lang);
    responses.push(res.text);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ code: 1000, message: 'success', data: null });
    expect(mailsTo(email).length).toBe(before + 1);
    const code = codeIn(mail!);
    codes.push(code);
    return { code, mail: mail! };
  }

  /** Signs in by e-mail code (creating the member on first use) and returns the answer's data. */
  async function emailLogin(email: string): Promise<Record<string, any>> {
    const { code } = await mailedCode(email);
    const res = await mailApp.loginByEmail(email, code);
    responses.push(res.text);
    expect(res.body.code, res.text).toBe(1000);
    return res.body.data;
  }

  async function userByEmail(email: string): Promise<Array<Record<string, any>>> {
    return t.core.db.query(`SELECT * FROM ${q('base_sys_user')} WHERE ${q('email')} = ? AND ${q('delete')} = 0`, [email.toLowerCase()]);
  }

  const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  beforeAll(async () => {
    mailApp = await startMailApp(kind, { MAIL_SEND_INTERVAL: '1', MAIL_DAILY_MAX: '2', MAIL_IP_HOURLY: '1000', MAIL_CHECK_IP_LIMIT: '1000', EXIST_IP_LIMIT: '1000' });
    ({ t, smtp } = mailApp);
  });
  afterAll(async () => {
    await mailApp?.close();
  });

  it('mails a 6-digit code in the language of the request, through the configured SMTP account', async () => {
    const email = address('lang');
    const { mail } = await mailedCode(email, 'login', 'zh-cn');
    expect(mail.to).toEqual([email.toLowerCase()]);
    expect(mail.authUser).toBe(SMTP_USER);
    expect(mail.from).toContain('no-reply@cosmac.test');
    expect(mail.subject).toBe('您的 COSMAC AI 登录验证码');
    expect(mail.text).toContain('10 分钟内有效');
    const tw = await mailedCode(address('lang'), 'register', 'zh-tw');
    expect(tw.mail.subject).toBe('您的 COSMAC AI 登入驗證碼');
  });

  it('keeps only a keyed hash of the code in the cache store, under a hash of the address', async () => {
    const email = address('hashed');
    const { code } = await mailedCode(email);
    expect(t.core.cache.kind).toBe('memory');
    const entries = [...(t.core.cache as unknown as { map: Map<string, { v: string }> }).map].map(([k, e]) => `${k}=${e.v}`);
    const mine = entries.filter((e) => e.startsWith('mail:code:login:'));
    expect(mine.length).toBeGreaterThan(0);
    const local = email.split('@')[0].toLowerCase();
    expect(entries.filter((e) => e.includes(code) || e.toLowerCase().includes(local))).toEqual([]);
  });

  it('creates a member with the member role and no nickName on the first e-mail sign-in', async () => {
    const email = address('first');
    const data = await emailLogin(email);
    expect(typeof data.token).toBe('string');
    expect(typeof data.refreshToken).toBe('string');
    expect(data).toMatchObject({ isNew: true, profileIncomplete: true, needNickName: true, needInviteCode: true, inviteRequired: false });
    const [user] = await userByEmail(email);
    expect(user.nickName).toBeNull();
    expect(user.inviteCode).toBeNull();
    const [role] = await t.core.db.query<{ id: number }>(`SELECT ${q('id')} FROM ${q('base_sys_role')} WHERE ${q('label')} = ?`, ['member']);
    const links = await t.core.db.query<{ roleId: number }>(`SELECT ${q('roleId')} FROM ${q('base_sys_user_role')} WHERE ${q('userId')} = ?`, [user.id]);
    expect(links.map((r) => Number(r.roleId))).toEqual([Number(role.id)]);
    const me = await get('/admin/base/comm/person', data.token);
    expect(me.status).toBe(200);
    expect(me.body.data.id).toBe(Number(user.id));
    expect(me.body.data.email).toBe(email.toLowerCase());
  });

  it('finds the same account on a later e-mail sign-in', async () => {
    const email = address('again');
    const first = await emailLogin(email);
    await sleep(1100);
    const second = await emailLogin(email.toUpperCase());
    expect(second.isNew).toBe(false);
    expect(await userByEmail(email)).toHaveLength(1);
    const a = await get('/admin/base/comm/person', first.token);
    const b = await get('/admin/base/comm/person', second.token);
    expect(b.body.data.id).toBe(a.body.data.id);
  });

  it('refuses a wrong code and a code that was used once already', async () => {
    const email = address('once');
    const { code } = await mailedCode(email);
    const wrong = await post('/admin/base/open/loginByEmail', { email, code: otherCode(code) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe(1001);
    expect(wrong.body.message).toBe('The code is wrong (4 tries left)');
    const right = await post('/admin/base/open/loginByEmail', { email, code });
    expect(right.body.code, right.text).toBe(1000);
    const again = await post('/admin/base/open/loginByEmail', { email, code });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/expired or was already used/);
    expect(await userByEmail(email)).toHaveLength(1);
  });

  it('ends a code after five wrong tries', async () => {
    const email = address('tries');
    const { code } = await mailedCode(email);
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) answers.push((await post('/admin/base/open/loginByEmail', { email, code: otherCode(code) })).body.message);
    expect(answers[3]).toBe('The code is wrong (1 tries left)');
    expect(answers[4]).toBe('Too many wrong tries; please request a new code');
    const right = await post('/admin/base/open/loginByEmail', { email, code });
    expect(right.status).toBe(400);
    expect(await userByEmail(email)).toHaveLength(0);
  });

  it('checks a code with verifyCode without using it up', async () => {
    const email = address('verify');
    const { code } = await mailedCode(email);
    const wrong = await post('/admin/base/open/verifyCode', { email, code: otherCode(code) });
    expect(wrong.status).toBe(400);
    const ok = await post('/admin/base/open/verifyCode', { email, code });
    expect(ok.body).toEqual({ code: 1000, message: 'success', data: true });
    const login = await post('/admin/base/open/loginByEmail', { email, code });
    expect(login.body.code, login.text).toBe(1000);
    const after = await post('/admin/base/open/verifyCode', { email, code });
    expect(after.status).toBe(400);
  });

  it('refuses malformed addresses and codes with 1002', async () => {
    for (const email of ['no-at-sign.example.com', 'two@@example.com', 'sp ace@example.com', 'a@nodot']) {
      const res = await post('/admin/base/open/sendCode', { email });
      expect(res.status, email).toBe(400);
      expect(res.body.code).toBe(1002);
      expect(res.body.data[0].field).toBe('email');
    }
    const res = await post('/admin/base/open/loginByEmail', { email: address('fmt'), code: '12ab' });
    expect(res.body.code).toBe(1002);
    expect(res.body.data[0].field).toBe('code');
    const type = await post('/admin/base/open/sendCode', { email: address('fmt'), type: 'other' });
    expect(type.body.code).toBe(1002);
  });

  it('refuses a second code within the interval and more codes a day than allowed, with 429', async () => {
    const email = address('limit');
    await mailedCode(email);
    const soon = await post('/admin/base/open/sendCode', { email });
    expect(soon.status).toBe(429);
    expect(soon.body.code).toBe(1001);
    expect(soon.body.message).toMatch(/just sent to this address/);
    await sleep(1100);
    await mailedCode(email);
    await sleep(1100);
    const daily = await post('/admin/base/open/sendCode', { email }, { lang: 'zh-cn' });
    expect(daily.status).toBe(429);
    expect(daily.body.message).toBe('该邮箱今天收到的验证码过多，请明天再试');
    expect(mailsTo(email)).toHaveLength(2);
  });

  it('answers 502 when the mail server refuses the message, and lets the caller ask again at once', async () => {
    const email = `refused.${kind}.${++seq}@example.com`;
    const res = await post('/admin/base/open/sendCode', { email });
    expect(res.status).toBe(502);
    expect(res.body.message).toBe('The e-mail could not be sent; please try again later');
    const again = await post('/admin/base/open/sendCode', { email });
    expect(again.status).toBe(502);
  });

  it('answers exist and isExist with a boolean only', async () => {
    const email = address('exist');
    await emailLogin(email);
    for (const path of ['/admin/base/open/exist', '/admin/base/sys/user/isExist']) {
      expect((await post(path, { email })).body.data).toBe(true);
      expect((await post(path, { email: address('nobody') })).body.data).toBe(false);
      expect((await post(path, { username: 'admin' })).body.data).toBe(true);
      expect((await post(path, { username: 'no-such-user-here' })).body.data).toBe(false);
      expect((await post(path, {})).body.code).toBe(1002);
    }
  });

  let annCode = '';
  let annId = 0;

  it('completes registration with a nickName and gives the member an invite code of their own', async () => {
    const email = address('ann');
    const login = await emailLogin(email);
    const res = await post('/admin/base/sys/user/additionalInfo', { nickName: 'Ann' }, { token: login.token });
    expect(res.body.code, res.text).toBe(1000);
    expect(res.body.data.inviteCode).toMatch(/^[A-Z0-9]{6,}$/);
    expect(res.body.data.inviteId).toBeNull();
    const [user] = await userByEmail(email);
    expect(user.nickName).toBe('Ann');
    expect(user.inviteCode).toBe(res.body.data.inviteCode);
    annCode = user.inviteCode;
    annId = Number(user.id);
    const unknownField = await post('/admin/base/sys/user/additionalInfo', { nickName: 'Ann', password: 'sneaky-pass' }, { token: login.token });
    expect(unknownField.body.code).toBe(1002);
    const noName = await post('/admin/base/sys/user/additionalInfo', { nickName: '  ' }, { token: login.token });
    expect(noName.body.code).toBe(1002);
    const noToken = await post('/admin/base/sys/user/additionalInfo', { nickName: 'Ann' });
    expect(noToken.status).toBe(401);
  });

  it('requires a known inviter code when invites are required, and links the inviter', async () => {
    const param = await post('/admin/base/sys/param/add', { keyName: 'inviteRequired', name: 'Invite required', data: '1' }, { token: t.adminToken });
    expect(param.body.code, param.text).toBe(1000);
    try {
      const email = address('bo');
      const login = await emailLogin(email);
      expect(login.inviteRequired).toBe(true);
      const none = await post('/admin/base/sys/user/additionalInfo', { nickName: 'Bo' }, { token: login.token });
      expect(none.status).toBe(400);
      expect(none.body.message).toBe('An invite code is required');
      const unknown = await post('/admin/base/sys/user/additionalInfo', { nickName: 'Bo', inviteCode: 'NOSUCH99' }, { token: login.token });
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toBe('The invite code is not valid');
      const ok = await post('/admin/base/sys/user/additionalInfo', { nickName: 'Bo', inviteCode: annCode.toLowerCase() }, { token: login.token });
      expect(ok.body.code, ok.text).toBe(1000);
      expect(ok.body.data.inviteId).toBe(annId);
      expect(ok.body.data.inviteCode).not.toBe(annCode);
      const [user] = await userByEmail(email);
      expect(Number(user.inviteId)).toBe(annId);
      expect(user.nickName).toBe('Bo');
      // Once the member has a code, the inviter stays as it is.
      const later = await post('/admin/base/sys/user/additionalInfo', { nickName: 'Bo B', inviteCode: 'NOSUCH99' }, { token: login.token });
      expect(later.body.code, later.text).toBe(1000);
      expect(later.body.data.inviteId).toBe(annId);
    } finally {
      await post('/admin/base/sys/param/update', { id: param.body.data.id, data: '0' }, { token: t.adminToken });
    }
  });

  it('resets the password by e-mail code: old sessions end and the new password signs in', async () => {
    const email = address('reset');
    const login = await emailLogin(email);
    const [user] = await userByEmail(email);
    await sleep(1100);
    const sent = await post('/admin/base/sys/user/sendResetPasswordCode', { email }, { lang: 'en' });
    expect(sent.body).toEqual({ code: 1000, message: 'success', data: null });
    const mail = mailsTo(email).at(-1)!;
    expect(mail.subject).toBe('Your COSMAC AI password reset code');
    const code = codeIn(mail);
    codes.push(code);
    const password = 'New-Pass-4711';
    passwords.push(password);
    // A sign-in code is not a reset code, and a bad password keeps the code usable.
    const short = await post('/admin/base/sys/user/resetPassword', { email, code, password: 'abc' });
    expect(short.body.code).toBe(1002);
    expect(short.body.data[0]).toMatchObject({ field: 'password', rule: 'length' });
    const long = await post('/admin/base/sys/user/resetPassword', { email, code, password: 'x'.repeat(17) });
    expect(long.body.code).toBe(1002);
    const res = await post('/admin/base/sys/user/resetPassword', { email, code, password });
    expect(res.body).toEqual({ code: 1000, message: 'success', data: null });
    expect((await get('/admin/base/comm/person', login.token)).status).toBe(401);
    const token = await t.login(user.username, password);
    const me = await get('/admin/base/comm/person', token);
    expect(me.body.data.id).toBe(Number(user.id));
    const reuse = await post('/admin/base/sys/user/resetPassword', { email, code, password: 'Other-Pass-1' });
    expect(reuse.status).toBe(400);
  });

  it('lets an account made by e-mail code set its first password without an original, and then asks for it', async () => {
    const email = address('setpw');
    const login = await emailLogin(email);
    const [user] = await userByEmail(email);
    const before = await get('/admin/base/comm/person', login.token);
    expect(before.body.data.hasPassword).toBe(false);
    expect(before.body.data).not.toHaveProperty('password');
    const first = 'First-Pass-2024';
    const second = 'Second-Pass-2025';
    passwords.push(first, second);
    const set = await post('/admin/base/comm/personUpdate', { password: first }, { token: login.token });
    expect(set.body.code, set.text).toBe(1000);
    expect(typeof set.body.data.token).toBe('string');
    const token = await t.login(user.username, first);
    const after = await get('/admin/base/comm/person', token);
    expect(after.body.data.hasPassword).toBe(true);
    // Now that it has one, a change without the original (or with a wrong one) is refused and changes nothing.
    const bare = await post('/admin/base/comm/personUpdate', { password: second }, { token });
    expect(bare.status).toBe(400);
    expect(bare.body.code).toBe(1001);
    const wrong = await post('/admin/base/comm/personUpdate', { originalPassword: 'not-it-1', password: second }, { token });
    expect(wrong.status).toBe(400);
    expect((await get('/admin/base/comm/person', token)).status).toBe(200);
    const changed = await post('/admin/base/comm/personUpdate', { originalPassword: first, password: second }, { token });
    expect(changed.body.code, changed.text).toBe(1000);
    expect(typeof (await t.login(user.username, second))).toBe('string');
  });

  it('answers success for a reset of an unknown address and sends no mail', async () => {
    const email = address('unknown');
    const before = smtp.inbox.length;
    const a = await post('/admin/base/sys/user/sendResetPasswordCode', { email });
    expect(a.body).toEqual({ code: 1000, message: 'success', data: null });
    await sleep(1100);
    const b = await post('/admin/base/open/sendCode', { email, type: 'reset' });
    expect(b.body).toEqual({ code: 1000, message: 'success', data: null });
    await sleep(200);
    expect(smtp.inbox.length).toBe(before);
    const reset = await post('/admin/base/sys/user/resetPassword', { email, code: '123456', password: 'Some-Pass-1' });
    expect(reset.status).toBe(400);
    expect(await userByEmail(email)).toHaveLength(0);
  });

  it('refuses an e-mail sign-in to a disabled account', async () => {
    const email = address('disabled');
    await emailLogin(email);
    const [user] = await userByEmail(email);
    const off = await post('/admin/base/sys/user/update', { id: user.id, status: 0 }, { token: t.adminToken });
    expect(off.body.code, off.text).toBe(1000);
    await sleep(1100);
    const { code } = await mailedCode(email);
    const res = await post('/admin/base/open/loginByEmail', { email, code });
    expect(res.status).toBe(403);
  });

  it('shows no code or password in any response or log', async () => {
    expect(codes.length).toBeGreaterThan(10);
    const found = (hay: string) => codes.filter((c) => new RegExp(`(?<!\\d)${c}(?!\\d)`).test(hay));
    expect(responses.flatMap(found)).toEqual([]);
    for (const p of passwords) expect(responses.some((r) => r.includes(p))).toBe(false);
    const logDir = process.env.LOG_DIR!;
    for (const file of filesUnder(logDir)) {
      const text = readFileSync(file, 'utf8');
      expect(found(text), file).toEqual([]);
      for (const p of [...passwords, SMTP_PASS]) expect(text.includes(p), file).toBe(false);
    }
    // The request log, once it has written what it queued.
    await sleep(500);
    const rows = JSON.stringify(await t.core.db.query(`SELECT * FROM ${q('base_sys_log')}`));
    expect(found(rows)).toEqual([]);
    for (const p of passwords) expect(rows.includes(p)).toBe(false);
  });
});
