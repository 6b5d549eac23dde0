/**
 * What the e-mail sign-in tests share: the app on a local SMTP server (mail-app.ts) with a short
 * interval and a daily maximum of two codes, calls that keep every answer, the sign-in steps that keep
 * every code mailed, and the check that none of those codes or passwords shows in an answer or a log.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import type { TestApp } from '../helpers/app';
import { codeIn, SMTP_PASS, type FakeSmtp, type Mail } from '../helpers/fake-smtp';
import { startMailApp, type MailApp } from '../helpers/mail-app';

export type Res = { status: number; text: string; body: { code: number; message: string; data: any } };

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

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts the app for the describe block it is called in (beforeAll) and closes it after (afterAll).
 * With `checkLeaksAtEnd`, expectNoLeaks runs before it closes, expecting more than that many codes mailed.
 */
export function emailAuthWorld(kind: 'sqlite' | 'mysql', o: { checkLeaksAtEnd?: number } = {}) {
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
    let r = t
      .http()
      .post(path)
      .send(body as object);
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

  /** No code mailed (more than `minCodes` of them) and no password kept shows in any answer, log file or request log row. */
  async function expectNoLeaks(minCodes = 10): Promise<void> {
    expect(codes.length).toBeGreaterThan(minCodes);
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
  }

  beforeAll(async () => {
    mailApp = await startMailApp(kind, {
      MAIL_SEND_INTERVAL: '1',
      MAIL_DAILY_MAX: '2',
      MAIL_IP_HOURLY: '1000',
      MAIL_CHECK_IP_LIMIT: '1000',
      EXIST_IP_LIMIT: '1000',
    });
    ({ t, smtp } = mailApp);
  });
  afterAll(async () => {
    try {
      if (o.checkLeaksAtEnd !== undefined && mailApp) await expectNoLeaks(o.checkLeaksAtEnd);
    } finally {
      await mailApp?.close();
    }
  });

  return {
    get t() {
      return t;
    },
    get smtp() {
      return smtp;
    },
    codes,
    passwords,
    address,
    q,
    post,
    get,
    mailsTo,
    mailedCode,
    emailLogin,
    userByEmail,
    otherCode,
    expectNoLeaks,
  };
}
