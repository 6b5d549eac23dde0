/**
 * Signing in by e-mail code end to end on every database kind: the app sends through nodemailer to
 * a real SMTP server (smtp-server on 127.0.0.1, with an account), and the tests read each code out of
 * the received message as a person would. Registration, invites, resets and first passwords:
 * email-registration.test.ts; the codes' expiry and the per-IP limits: email-code-limits.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { SMTP_USER } from '../helpers/fake-smtp';
import { emailAuthWorld, sleep } from './email-auth-world';

const kinds = await databaseKinds();

describe.each(kinds)('e-mail sign-in on %s', (kind) => {
  const w = emailAuthWorld(kind);
  const { codes, address, q, post, get, mailsTo, mailedCode, emailLogin, userByEmail, otherCode, expectNoLeaks } = w;
  let t: TestApp;
  let seq = 0;
  beforeAll(() => {
    t = w.t;
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

  it('shows no code or password in any response or log', async () => {
    await expectNoLeaks();
  });
});
