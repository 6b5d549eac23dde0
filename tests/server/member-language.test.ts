/**
 * A member's language is kept on the account: taken from the `language` header at registration,
 * changed through comm/personUpdate (en, zh-cn, zh-tw only), and used for what the server writes
 * to that member (notifications, e-mails to the account, order titles), whatever the language of
 * the request that causes it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { codeIn } from '../helpers/fake-smtp';
import { startMailApp, type MailApp } from '../helpers/mail-app';
import { caller, member, notificationsOf } from './friends-world';

const kinds = await databaseKinds();

describe.each(kinds)("a member's language on %s", (kind) => {
  let mail: MailApp;
  let t: TestApp;
  let api: ReturnType<typeof caller>;
  let seq = 0;
  const address = (tag: string) => `${tag}.${kind}.${++seq}.${Date.now().toString(36)}@example.com`;
  const mailsTo = (email: string) => mail.mailsTo(email);

  async function sendCode(email: string, body: object, lang?: string) {
    const sent = await mail.sendCode(email, body, lang);
    expect(sent.res.body.code, sent.res.text).toBe(1000);
    return sent.mail!;
  }

  /** Registers by e-mail code, the request carrying `lang` as its language header; answers the member. */
  async function register(lang?: string): Promise<{ id: number; token: string; email: string }> {
    const email = address('lang');
    const code = codeIn(await sendCode(email, {}, lang));
    const res = await mail.loginByEmail(email, code, lang);
    expect(res.body.code, res.text).toBe(1000);
    const [row] = await t.core.db.query<{ id: number }>(`SELECT ${t.core.db.q('id')} FROM ${t.core.db.q('base_sys_user')} WHERE ${t.core.db.q('email')} = ?`, [
      email,
    ]);
    return { id: Number(row.id), token: res.body.data.token, email };
  }

  async function storedLanguage(id: number): Promise<string | null> {
    const q = (c: string) => t.core.db.q(c);
    const [row] = await t.core.db.query<{ language: string | null }>(`SELECT ${q('language')} FROM ${q('base_sys_user')} WHERE ${q('id')} = ?`, [id]);
    return row.language;
  }

  const setLanguage = (token: string, language: unknown) => api.post('/admin/base/comm/personUpdate', { language }, token);
  const befriend = async (toId: number) => {
    const from = await member(t);
    expect((await api.post('/admin/base/friend/add', { friendId: toId }, from.token)).body.code).toBe(1000);
  };

  beforeAll(async () => {
    mail = await startMailApp(kind, { MAIL_SEND_INTERVAL: '0', MAIL_IP_HOURLY: '1000', MAIL_CHECK_IP_LIMIT: '1000', TOKENS_PER_UNIT: '100' });
    t = mail.t;
    api = caller(t);
  });
  afterAll(async () => {
    await mail?.close();
  });

  it('keeps the language header of the registration and writes notifications and order titles in it', async () => {
    const m = await register('zh-cn');
    expect(await storedLanguage(m.id)).toBe('zh-cn');
    await befriend(m.id);
    expect((await notificationsOf(t, m.id)).map((n) => n.title)).toEqual(['好友申请']);
    // The top-up is asked for in English; its title is still in the member's language.
    const top = await t.http().post('/admin/goods/order/rechargeToken').set('Authorization', m.token).set('language', 'en').send({ amount: 10 });
    expect(top.body.code, top.text).toBe(1000);
    expect(top.body.data.extraInfo).toMatchObject({ title: '1,000 代币', tokens: 1000 });
    // Grouped as the top-up box shows it, fractions kept.
    const en = await register('en');
    const odd = await t.http().post('/admin/goods/order/rechargeToken').set('Authorization', en.token).send({ amount: 12345.67 });
    expect(odd.body.code, odd.text).toBe(1000);
    expect(odd.body.data.extraInfo).toMatchObject({ title: '1,234,567 tokens', tokens: 1234567 });
  });

  it("titles a VIP order in the buyer's language, whatever the request's", async () => {
    const plan = await t
      .http()
      .post('/admin/base/vip/add')
      .set('Authorization', t.adminToken)
      .send({ name: 'Gold', period: 30, type: 1, amount: 15, enablePay: 1 });
    expect(plan.body.code, plan.text).toBe(1000);
    const titleFor = async (lang: string | undefined) => {
      const m = await register(lang);
      const res = await t.http().post('/admin/goods/order/buyVip').set('Authorization', m.token).set('language', 'en').send({ vipId: plan.body.data.id });
      expect(res.body.code, res.text).toBe(1000);
      return res.body.data.extraInfo.title;
    };
    expect(await titleFor('zh-cn')).toBe('会员：Gold（30 天）');
    expect(await titleFor('zh-tw')).toBe('會員：Gold（30 天）');
    expect(await titleFor(undefined)).toBe('VIP: Gold (30 days)');
  });

  it('stores no language for a registration without a header or with one that is not ours', async () => {
    expect(await storedLanguage((await register()).id)).toBeNull();
    expect(await storedLanguage((await register('fr')).id)).toBeNull();
  });

  it('lets the member change it to en, and the next notification follows', async () => {
    const m = await register('zh-cn');
    const res = await setLanguage(m.token, 'en');
    expect(res.body.code, res.text).toBe(1000);
    expect(await storedLanguage(m.id)).toBe('en');
    await befriend(m.id);
    expect((await notificationsOf(t, m.id)).map((n) => n.title)).toEqual(['Friend request']);
  });

  it('refuses a language other than en, zh-cn and zh-tw with 1002, keeping the stored one', async () => {
    const m = await register('zh-tw');
    for (const bad of ['fr', 'zh', 'EN-us', 42]) {
      const res = await setLanguage(m.token, bad);
      expect(res.status, res.text).toBe(400);
      expect(res.body.code).toBe(1002);
    }
    expect(await storedLanguage(m.id)).toBe('zh-tw');
  });

  it("mails an existing account in its own language, whatever the request's", async () => {
    const m = await register('zh-cn');
    expect((await sendCode(m.email, { type: 'login' }, 'en')).subject).toBe('您的 COSMAC AI 登录验证码');
    expect((await sendCode(m.email, { type: 'reset' }, 'en')).subject).toBe('您的 COSMAC AI 重置密码验证码');
    const reset = await t.http().post('/admin/base/sys/user/sendResetPasswordCode').set('language', 'zh-tw').send({ email: m.email });
    expect(reset.body.code, reset.text).toBe(1000);
    expect(mailsTo(m.email).at(-1)!.subject).toBe('您的 COSMAC AI 重置密码验证码');
  });
});
