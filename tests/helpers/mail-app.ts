/**
 * The app with its mail adapter pointed at a local SMTP server (fake-smtp.ts), and the e-mail
 * sign-in steps as a person takes them: ask for a code, read it in the message that arrived, sign
 * in with it. Shared by the e-mail sign-in tests and the tests of what is mailed to a member.
 */
import { startApp, type TestApp } from './app';
import { SMTP_PASS, SMTP_USER, startSmtp, type FakeSmtp, type Mail } from './fake-smtp';

type Kind = 'sqlite' | 'mysql';
type Res = { status: number; text: string; body: { code: number; message: string; data: any } };

export interface MailApp {
  t: TestApp;
  smtp: FakeSmtp;
  /** The messages received for an address (case-insensitively), oldest first. */
  mailsTo(email: string): Mail[];
  /** POST open/sendCode for `email` with `body` (type, …), the request in `lang`: its answer and the last message to `email`. */
  sendCode(email: string, body?: object, lang?: string): Promise<{ res: Res; mail: Mail | undefined }>;
  /** POST open/loginByEmail with the code, the request in `lang`. */
  loginByEmail(email: string, code: string, lang?: string): Promise<Res>;
  close(): Promise<void>;
}

/**
 * Starts an SMTP server and the app on `kind` sending through it, with `env` on top of the process's.
 * The app signs in to the SMTP server as SMTP_USER and sends from no-reply@cosmac.test, unless
 * `anonymous` (then it sends with no account and its default sender).
 */
export async function startMailApp(kind: Kind, env: Record<string, string>, o: { anonymous?: boolean } = {}): Promise<MailApp> {
  const smtp = await startSmtp();
  const account = o.anonymous ? {} : { SMTP_USER, SMTP_PASS, MAIL_FROM: 'COSMAC AI <no-reply@cosmac.test>' };
  let t: TestApp;
  try {
    t = await startApp(kind, { env: { ...process.env, SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), ...account, ...env } });
  } catch (err) {
    await smtp.close();
    throw err;
  }
  const mailsTo = (email: string) => smtp.inbox.filter((m) => m.to.some((a) => a.toLowerCase() === email.toLowerCase()));
  const post = async (path: string, body: object, lang?: string): Promise<Res> => {
    let r = t.http().post(path).send(body);
    if (lang) r = r.set('language', lang);
    return (await r) as unknown as Res;
  };
  return {
    t,
    smtp,
    mailsTo,
    async sendCode(email, body = {}, lang) {
      const res = await post('/admin/base/open/sendCode', { email, ...body }, lang);
      return { res, mail: mailsTo(email).at(-1) };
    },
    loginByEmail: (email, code, lang) => post('/admin/base/open/loginByEmail', { email, code }, lang),
    async close() {
      await t.close();
      await smtp.close();
    },
  };
}
