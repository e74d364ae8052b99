import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { HTML_LANG, type Locale } from '../../../lib/locales';
import { logger } from '../../logger';

/** One mail to one recipient, already rendered (see templates.ts). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  locale: Locale;
}

/** A mail kept by the memory outbox (DATA_DIR=memory), for tests and demos to read back. */
export interface MailRecord {
  messageId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  locale: Locale;
  date: Date;
}

/** How mails leave: a real SMTP server, `.eml` files in the outbox folder, or a list in memory. */
export type MailTransportKind = 'smtp' | 'outbox' | 'memory';

/** How long what a mail leaves behind may live (its token's or code's life). */
export interface SendOptions {
  /** The outbox folder deletes its `.eml` file after this (see `cleanUp`); without it, after `OUTBOX_FILE_DAYS`. */
  eraseAfter?: Date | undefined;
  /**
   * What makes the mail this mail on every attempt (the outbox row): its Message-ID is
   * `<key@sender's domain>`, the same on a retry, so a copy delivered twice (a server that took the
   * message but answered after we gave up) is recognisably one message. Without it, a fresh one.
   */
  key?: string | undefined;
}

export interface Mailer {
  readonly transport: MailTransportKind;
  /** Sends one mail; rejects when the transport refuses it (retries are the outbox's job: outbox.ts). */
  send(message: MailMessage, options?: SendOptions): Promise<{ messageId: string }>;
  /** Deletes outbox files past their `eraseAfter`; answers how many. The other transports keep no files: 0. */
  cleanUp(now?: Date): Promise<number>;
  /** The mails the memory outbox holds, oldest first (a copy). The other transports keep none: []. */
  readOutbox(): MailRecord[];
  /** Closes pooled SMTP connections; call on shutdown. */
  close(): Promise<void>;
}

export interface MailerOptions {
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://...:465`; query keys such as `?requireTLS=true` are nodemailer options. */
  smtpUrl?: string | undefined;
  /** The sender, e.g. `"台灣範例學會" <no-reply@example.org>`. */
  from: string;
  /** Without SMTP: the folder that receives `.eml` files (created when missing); null or absent keeps mails in memory. */
  outboxDir?: string | null | undefined;
}

/** The memory outbox keeps at most this many mails, dropping the oldest. */
export const MEMORY_OUTBOX_LIMIT = 500;

const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
  dnsTimeout: 10_000,
  socketCloseTimeout: 5_000,
};
/** A whole delivery, queueing in the pool included, may take this long before it is abandoned. */
const SEND_TIMEOUT_MS = 60_000;

/** Mails never load attachments from paths or URLs, and always go to exactly one recipient. */
const SAFE_TRANSPORT = { disableFileAccess: true, disableUrlAccess: true, logger: false } as const;

/** The domain of the sender's address (`"學會" <no-reply@example.org>` → example.org), for Message-IDs. */
export function senderDomain(from: string): string {
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
}

function toSendOptions(message: MailMessage, date: Date, messageId?: string): SendMailOptions {
  return {
    ...(messageId ? { messageId } : {}),
    to: message.to,
    // A subject is one line whatever a template or a site name carried.
    subject: oneLine(message.subject),
    text: message.text,
    html: message.html,
    date,
    headers: { 'Content-Language': HTML_LANG[message.locale] },
    maxRecipients: 1,
  };
}

function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

function logSent(transport: MailTransportKind, message: MailMessage, messageId: string, extra: object = {}): void {
  logger().info({ transport, to: message.to, subject: oneLine(message.subject), messageId, ...extra }, 'mail sent');
}

function logFailed(transport: MailTransportKind, message: MailMessage, error: unknown): void {
  const reason = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  logger().warn({ transport, to: message.to, subject: oneLine(message.subject), code, reason }, 'mail not sent');
}

/** Outbox files without an erase time in their name are deleted this many days after they were written. */
export const OUTBOX_FILE_DAYS = 7;

/**
 * A sortable, filesystem-safe name: 2026-03-05T06-07-08.123Z-9f8e7d6c5b4a.eml (ISO time, colons as
 * dashes), with `-until-<epoch seconds>` before `.eml` when the file is to be deleted at that time.
 */
export function outboxFileName(date: Date, eraseAfter?: Date): string {
  const until = eraseAfter ? `-until-${Math.ceil(eraseAfter.getTime() / 1000)}` : '';
  return `${date.toISOString().replace(/:/g, '-')}-${randomBytes(6).toString('hex')}${until}.eml`;
}

/** When an outbox file is due for deletion: its `until` time, else `OUTBOX_FILE_DAYS` after it was written. */
function fileEraseTime(name: string, mtimeMs: number): number {
  const until = /-until-(\d+)\.eml$/.exec(name);
  return until ? Number(until[1]) * 1000 : mtimeMs + OUTBOX_FILE_DAYS * 86_400_000;
}

/** SMTP (pooled) when `smtpUrl` is set; otherwise the outbox folder, or memory when there is no folder. */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) return createSmtpMailer(options.smtpUrl, options.from);
  return createOutboxMailer(options.from, options.outboxDir ?? null);
}

function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  // Keys the URL sets win over these (nodemailer merges the URL last).
  const transporter = nodemailer.createTransport(
    { url: smtpUrl, pool: true, maxConnections: 3, maxMessages: 100, ...SMTP_TIMEOUTS, ...SAFE_TRANSPORT },
    { from },
  );
  const domain = senderDomain(from);
  return {
    transport: 'smtp',
    async send(message, options = {}) {
      try {
        const info = await transporter.sendMail({
          ...toSendOptions(message, new Date(), options.key && `<${options.key}@${domain}>`),
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
        logSent('smtp', message, info.messageId);
        return { messageId: info.messageId };
      } catch (error) {
        logFailed('smtp', message, error);
        throw error;
      }
    },
    readOutbox: () => [],
    cleanUp: async () => 0,
    async close() {
      transporter.close();
    },
  };
}

function createOutboxMailer(from: string, outboxDir: string | null): Mailer {
  // The stream transport composes the same RFC 822 message SMTP would carry, CRLF line ends.
  const transporter = nodemailer.createTransport(
    { streamTransport: true, buffer: true, newline: 'windows', ...SAFE_TRANSPORT },
    { from },
  );
  const root = outboxDir === null ? null : path.resolve(outboxDir);
  const kept: MailRecord[] = [];
  const transport: MailTransportKind = root === null ? 'memory' : 'outbox';

  return {
    transport,
    async send(message, options = {}) {
      const date = new Date();
      try {
        const info = await transporter.sendMail(toSendOptions(message, date));
        if (root === null) {
          kept.push({
            messageId: info.messageId,
            to: message.to,
            subject: oneLine(message.subject),
            text: message.text,
            html: message.html,
            locale: message.locale,
            date,
          });
          if (kept.length > MEMORY_OUTBOX_LIMIT) kept.splice(0, kept.length - MEMORY_OUTBOX_LIMIT);
          logSent('memory', message, info.messageId);
        } else {
          const raw = info.message;
          if (!Buffer.isBuffer(raw)) throw new Error('The stream transport did not return a buffer');
          // Mails carry live codes and links: only the server's own user may read them.
          await mkdir(root, { recursive: true, mode: 0o700 });
          await chmod(root, 0o700);
          const name = outboxFileName(date, options.eraseAfter);
          const tmp = path.join(root, `.${name}.${process.pid}.tmp`);
          await writeFile(tmp, raw, { mode: 0o600 });
          await rename(tmp, path.join(root, name));
          logSent('outbox', message, info.messageId, { file: path.join(root, name) });
        }
        return { messageId: info.messageId };
      } catch (error) {
        logFailed(transport, message, error);
        throw error;
      }
    },
    readOutbox: () => kept.map((record) => ({ ...record, date: new Date(record.date) })),
    async cleanUp(now = new Date()) {
      if (root === null) return 0;
      let names: string[];
      try {
        names = await readdir(root);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
        throw error;
      }
      let removed = 0;
      for (const name of names) {
        if (!name.endsWith('.eml')) continue;
        const file = path.join(root, name);
        try {
          const { mtimeMs } = await stat(file);
          if (fileEraseTime(name, mtimeMs) > now.getTime()) continue;
          await rm(file, { force: true });
          removed += 1;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
      return removed;
    },
    async close() {
      transporter.close();
    },
  };
}
