/**
 * The mail catcher of `npm run start:fakes`: the SMTP server of the e-mail tests
 * (tests/helpers/fake-smtp.ts) that the product's mail adapter sends to, and a page on 127.0.0.1 where
 * a person reads what arrived, newest first: `GET /` (HTML: recipients, subject, time, text with the
 * sign-in code in it) and `GET /messages` (the same as JSON). Messages stay in memory until it stops.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSmtp, type FakeSmtp, type Mail } from '../../tests/helpers/fake-smtp';
import { escapeHtml } from './html';

export interface MailCatcher {
  smtpPort: number;
  /** The inbox page. */
  url: string;
  /** The settings that point the product's mail adapter here. */
  env(): Record<string, string>;
  close(): Promise<void>;
}

const newestFirst = (inbox: Mail[]) => [...inbox].reverse();

function page(inbox: Mail[]): string {
  const items = newestFirst(inbox).map(
    (m) =>
      `<article><h2>${escapeHtml(m.subject || '(no subject)')}</h2>` +
      `<p class="meta">To ${escapeHtml(m.to.join(', '))} · from ${escapeHtml(m.from)} · <time datetime="${m.at.toISOString()}">${m.at.toISOString()}</time></p>` +
      `<pre>${escapeHtml(m.text)}</pre></article>`,
  );
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>Mail catcher</title><style>body{font-family:sans-serif;margin:16px;max-width:720px}article{border:1px solid #ddd;border-radius:6px;padding:8px 12px;margin:12px 0}' +
    'h2{font-size:16px;margin:4px 0}.meta{color:#666;font-size:13px;margin:4px 0}pre{white-space:pre-wrap;word-break:break-word;font-size:14px}</style></head><body>' +
    `<h1>Mail catcher</h1><p>${inbox.length} message(s), newest first. Reload to see new ones; <a href="/messages">JSON</a>.</p>` +
    (items.join('') || '<p>No mail yet.</p>') +
    '</body></html>'
  );
}

/** Starts the SMTP server on `smtpPort` and the inbox page on `httpPort` (0: a free port). */
export async function startMailCatcher(smtpPort = 0, httpPort = 0): Promise<MailCatcher> {
  const smtp: FakeSmtp = await startSmtp(smtpPort);
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://inbox').pathname;
    if (req.method !== 'GET') return void res.writeHead(405, { allow: 'GET' }).end();
    if (path === '/messages') {
      const list = newestFirst(smtp.inbox).map(({ to, from, subject, text, at }) => ({ to, from, subject, text, at: at.toISOString() }));
      return void res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(list));
    }
    if (path !== '/') return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    // The page shows mail as text only: no script of any origin runs on it.
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" });
    res.end(page(smtp.inbox));
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(httpPort, '127.0.0.1', resolve);
    });
  } catch (err) {
    await smtp.close();
    throw err;
  }
  return {
    smtpPort: smtp.port,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    env: () => ({
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_SECURE: 'false',
      SMTP_USER: '',
      SMTP_PASS: '',
      MAIL_FROM: 'COSMAC AI <no-reply@cosmac.local>',
    }),
    async close() {
      server.closeAllConnections();
      await Promise.all([new Promise<void>((resolve) => server.close(() => resolve())), smtp.close()]);
    },
  };
}
