/**
 * A local SMTP server on 127.0.0.1 (smtp-server) that accepts an account but requires none, and
 * keeps every message it receives as a person would read it: recipients, sender, the signed-in
 * account, the decoded subject and text. An address starting with `refused` is refused (550), to
 * see how the app answers a failed delivery.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Mail {
  to: string[];
  from: string;
  authUser: string | undefined;
  subject: string;
  text: string;
  /** When it arrived. */
  at: Date;
}

export const SMTP_USER = 'mailer';
export const SMTP_PASS = 'smtp-secret-pass';

/** Decodes quoted-printable text (UTF-8). */
function qp(s: string): string {
  const bytes = s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Decodes RFC 2047 encoded words of a header. */
function words(s: string): string {
  return s
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _cs: string, enc: string, v: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(v, 'base64').toString('utf8') : qp(v.replace(/_/g, ' ')),
    );
}

/** The headers and text of a single-part message as the SMTP server received it. */
function parseMessage(raw: string): { headers: Map<string, string>; text: string } {
  const cut = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, cut).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(cut).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
  }
  const cte = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const text = cte === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : cte === 'quoted-printable' ? qp(body) : body;
  return { headers, text };
}

/** The 6-digit code in a message's text. */
export function codeIn(mail: Mail): string {
  const m = /(?<!\d)(\d{6})(?!\d)/.exec(mail.text);
  if (!m) throw new Error(`no code in the message: ${mail.text}`);
  return m[1];
}

/** A local SMTP server that requires nothing but accepts an account, and keeps what it receives (a free port unless `port` is given). */
export async function startSmtp(port = 0): Promise<{ port: number; inbox: Mail[]; close(): Promise<void> }> {
  const inbox: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASS) cb(null, { user: auth.username });
      else cb(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, cb) {
      // An address the server refuses, to see how the app answers a failed delivery.
      if (address.address.startsWith('refused')) cb(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      else cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const { headers, text } = parseMessage(Buffer.concat(chunks).toString('utf8'));
        inbox.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          from: words(headers.get('from') ?? ''),
          authUser: session.user as string | undefined,
          subject: words(headers.get('subject') ?? ''),
          text,
          at: new Date(),
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return { port: (server.server.address() as AddressInfo).port, inbox, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export type FakeSmtp = Awaited<ReturnType<typeof startSmtp>>;
