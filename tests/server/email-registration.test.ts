/**
 * Completing registration, invites, resetting a password and setting a first one by e-mail code, end
 * to end on every database kind with a real SMTP server on 127.0.0.1; at the end, no code or password
 * of these steps shows in an answer or a log (email-auth-world.ts expectNoLeaks).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { codeIn, type FakeSmtp } from '../helpers/fake-smtp';
import { emailAuthWorld, sleep } from './email-auth-world';

const kinds = await databaseKinds();

describe.each(kinds)('e-mail registration and reset on %s', (kind) => {
  const w = emailAuthWorld(kind, { checkLeaksAtEnd: 5 });
  const { codes, passwords, address, post, get, mailsTo, mailedCode, emailLogin, userByEmail } = w;
  let t: TestApp;
  let smtp: FakeSmtp;
  beforeAll(() => {
    ({ t, smtp } = w);
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
});
