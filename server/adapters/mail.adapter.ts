/**
 * Outgoing e-mail over SMTP with nodemailer. The server and account come from configuration
 * (AppConfig.env), so tests point it at a local SMTP server on 127.0.0.1.
 *
 * Settings:
 * - SMTP_HOST: the SMTP server; without it nothing can be sent (send() throws MailNotConfigured)
 * - SMTP_PORT: default 465 when SMTP_SECURE is on, 587 otherwise
 * - SMTP_SECURE: 1/true for TLS from the first byte (port 465); otherwise STARTTLS is used when offered
 * - SMTP_USER, SMTP_PASS: the account, sent with AUTH when SMTP_USER is set
 * - MAIL_FROM: the sender, default `COSMAC AI <no-reply@localhost>`
 * - SMTP_TIMEOUT_MS: how long connecting, the greeting and each reply may take (default 10000)
 *
 * Nodemailer's own logging stays off: a message body may hold a sign-in code.
 *
 * @example
 * const mail = createMailAdapter(core.config.env);
 * await mail.send({ to: 'ann@example.com', subject: 'Your code', text: 'Your code is 123456' });
 */
import type { Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailAdapter {
  /** Whether an SMTP server is configured. */
  readonly configured: boolean;
  /** Hands the message to the SMTP server; rejects when the server refuses it or cannot be reached. */
  send(message: MailMessage): Promise<void>;
}

/** Thrown by send() when SMTP_HOST is not set. */
export class MailNotConfigured extends Error {
  constructor() {
    super('mail is not configured: set SMTP_HOST (and SMTP_PORT, SMTP_USER, SMTP_PASS, MAIL_FROM)');
  }
}

const on = (v: string | undefined) => ['1', 'true', 'on', 'yes'].includes((v ?? '').toLowerCase());

export function createMailAdapter(env: Record<string, string | undefined>): MailAdapter {
  const host = env.SMTP_HOST?.trim();
  if (!host) {
    return {
      configured: false,
      send: async () => {
        throw new MailNotConfigured();
      },
    };
  }
  const secure = on(env.SMTP_SECURE);
  const port = Number(env.SMTP_PORT) || (secure ? 465 : 587);
  const timeout = Number(env.SMTP_TIMEOUT_MS) || 10_000;
  const from = env.MAIL_FROM?.trim() || 'COSMAC AI <no-reply@localhost>';
  // nodemailer is loaded on the first message, not at every start (about 60 ms of it).
  let transport: Promise<Transporter> | null = null;
  const open = async (): Promise<Transporter> =>
    (await import('nodemailer')).createTransport({
      host,
      port,
      secure,
      auth: env.SMTP_USER ? { user: env.SMTP_USER, pass: env.SMTP_PASS ?? '' } : undefined,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
      logger: false,
      debug: false,
    });
  return {
    configured: true,
    async send(message) {
      transport ??= open().catch((err: unknown) => {
        transport = null;
        throw err;
      });
      await (await transport).sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
    },
  };
}
