/**
 * E-mail codes that expire, and the per-IP limits on asking for codes, checking them and looking up
 * accounts, on every database kind, with a real SMTP server on 127.0.0.1 (tests/helpers/fake-smtp.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { codeIn, type FakeSmtp } from '../helpers/fake-smtp';
import { startMailApp, type MailApp } from '../helpers/mail-app';

const kinds = await databaseKinds();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(kinds)('e-mail code expiry and the per-IP limit on %s', (kind) => {
  let mailApp: MailApp;
  let smtp: FakeSmtp;
  let t: TestApp;

  beforeAll(async () => {
    mailApp = await startMailApp(kind, { MAIL_CODE_TTL: '1', MAIL_IP_HOURLY: '3', MAIL_CHECK_IP_LIMIT: '3', EXIST_IP_LIMIT: '2' }, { anonymous: true });
    ({ t, smtp } = mailApp);
  });
  afterAll(async () => {
    await mailApp?.close();
  });

  it('refuses a code after its time to live', async () => {
    const email = `late.${kind}@example.com`;
    const sent = await t.http().post('/admin/base/open/sendCode').send({ email });
    expect(sent.body.code).toBe(1000);
    expect(smtp.inbox[0].authUser).toBeUndefined();
    const code = codeIn(smtp.inbox[0]);
    await sleep(2100);
    const res = await t.http().post('/admin/base/open/loginByEmail').send({ email, code });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The code has expired or was already used; please request a new one');
  });

  it('limits code requests per IP with 429, unknown reset addresses included', async () => {
    expect(
      (
        await t
          .http()
          .post('/admin/base/open/sendCode')
          .send({ email: `ip1.${kind}@example.com` })
      ).body.code,
    ).toBe(1000);
    expect(
      (
        await t
          .http()
          .post('/admin/base/sys/user/sendResetPasswordCode')
          .send({ email: `ip2.${kind}@example.com` })
      ).body.code,
    ).toBe(1000);
    const over = await t
      .http()
      .post('/admin/base/open/sendCode')
      .set('language', 'zh-tw')
      .send({ email: `ip3.${kind}@example.com` });
    expect(over.status).toBe(429);
    expect(over.body.message).toBe('您的網路請求驗證碼過於頻繁，請稍後再試');
    expect(smtp.inbox).toHaveLength(2);
  });

  it('limits code checks and existence lookups per IP with 429', async () => {
    // The expiry test used one check of three.
    const email = `ip1.${kind}@example.com`;
    for (let i = 0; i < 2; i++) expect((await t.http().post('/admin/base/open/verifyCode').send({ email, code: '000000' })).status).toBe(400);
    const checks = await t.http().post('/admin/base/open/verifyCode').send({ email, code: '000000' });
    expect(checks.status).toBe(429);
    expect(checks.body.message).toBe('Too many code attempts from your network; please try again later');
    for (let i = 0; i < 2; i++) expect((await t.http().post('/admin/base/open/exist').send({ username: 'admin' })).body.data).toBe(true);
    const lookups = await t.http().post('/admin/base/sys/user/isExist').send({ username: 'admin' });
    expect(lookups.status).toBe(429);
    expect(lookups.body.message).toBe('Too many lookups; please try again later');
  });
});
