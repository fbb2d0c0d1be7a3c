import fs from 'node:fs';
import nodemailer from 'nodemailer';

/**
 * One e-mail to send. Plain text always (alarm mails must read on any device); HTML optional.
 * Attachments are for the reports' scheduled exports.
 */
export interface MailMessage {
  to: string | readonly string[];
  subject: string;
  text: string;
  html?: string;
  /** A Message-ID of our own, so a resent mail is recognisable as the same one. */
  messageId?: string;
  headers?: Record<string, string>;
  attachments?: readonly { filename: string; content: Buffer; contentType: string }[];
}

/** What the mail server said: the id it took the mail under and whom it accepted. */
export interface MailReceipt {
  messageId: string;
  accepted: string[];
}

/**
 * Sends e-mails. The server has one, built from LEITWARTE_SMTP_* (createSmtpMailSender); the
 * remote alarm uses it for its e-mail recipients and the reports can use it for their exports.
 * send() throws with the mail server's answer when it refuses (no retries here: callers decide).
 */
export interface MailSender {
  send(message: MailMessage): Promise<MailReceipt>;
  /** Closes pooled connections. */
  close(): void;
}

/** How the server reaches its mail server. */
export interface SmtpSettings {
  /** smtp://[user:password@]host[:port] or smtps://… (implicit TLS). */
  url: string;
  /** Sender address, e.g. "Leitwarte <leitwarte@zv-talaue.de>". */
  from: string;
  /** starttls: TLS required after connecting (default); tls: implicit TLS; none: plain (a local relay only). */
  tls: 'starttls' | 'tls' | 'none';
  /** PEM file of a private CA the mail server's certificate is signed by. */
  caFile: string | null;
  /** Limit for connecting, greeting and each reply. */
  timeoutMs: number;
}

/** The settings' URL as nodemailer's transport options (credentials decoded from the URL). */
export function smtpTransportOptions(settings: SmtpSettings) {
  const url = new URL(settings.url);
  const implicit = settings.tls === 'tls' || url.protocol === 'smtps:';
  return {
    host: url.hostname,
    port: url.port === '' ? (implicit ? 465 : 587) : Number(url.port),
    secure: implicit,
    requireTLS: !implicit && settings.tls === 'starttls',
    ignoreTLS: settings.tls === 'none',
    auth:
      url.username === ''
        ? undefined
        : { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
    tls: settings.caFile ? { ca: fs.readFileSync(settings.caFile, 'utf8') } : undefined,
    connectionTimeout: settings.timeoutMs,
    greetingTimeout: settings.timeoutMs,
    socketTimeout: settings.timeoutMs,
  };
}

/** A MailSender over SMTP with nodemailer (STARTTLS or implicit TLS, authentication). */
export function createSmtpMailSender(settings: SmtpSettings): MailSender {
  const transport = nodemailer.createTransport({ ...smtpTransportOptions(settings), pool: false });
  return {
    async send(message) {
      const info = await transport.sendMail({
        from: settings.from,
        to: typeof message.to === 'string' ? message.to : [...message.to],
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: message.messageId,
        headers: message.headers,
        attachments: message.attachments?.map((a) => ({ ...a })),
      });
      return {
        messageId: info.messageId,
        accepted: (info.accepted as (string | { address: string })[]).map((a) =>
          typeof a === 'string' ? a : a.address,
        ),
      };
    },
    close: () => transport.close(),
  };
}
