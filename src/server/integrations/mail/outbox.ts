/**
 * The durable mail outbox (DESIGN.md §15). A service writes a mail with `enqueueMail` in the
 * transaction of the change that causes it; the delivery worker (started with the runtime) sends
 * it through the `Mailer`, retries a failure on a schedule and gives up after the last try. A slow
 * or failing SMTP server therefore never fails the visitor's action, and a mail is never lost
 * with a rolled-back change (nor sent for one).
 *
 * Several processes on one PostgreSQL share the table: a worker claims due rows with
 * `FOR UPDATE SKIP LOCKED` and leases them (`next_attempt_at` moves `LEASE_SECONDS` ahead) in one
 * statement, so no two workers send the same mail; the send itself runs outside any transaction
 * (PGlite has one connection, which a transaction would hold for the whole SMTP exchange).
 *
 * The content of a mail (live tokens and codes) is erased (`text`, `html` = '') as soon as it is
 * sent or given up, and at `eraseAfter` at the latest; while the outbox is held (a restored copy,
 * `services/mail/mail-hold.ts`) nothing is claimed and every mail waits; rows are deleted `KEEP_DAYS` after they
 * were written, and the outbox folder's `.eml` files after their `eraseAfter`.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { logger } from '../../logger';
import type { MailMessage, Mailer } from './mailer';

/** Seconds before each retry; a mail is tried once more than there are entries, then `failed`. */
export const DEFAULT_RETRY_SECONDS = [60, 5 * 60, 15 * 60, 60 * 60];
/** A claimed mail is another worker's again after this long (a send gives up after 60 s). */
export const LEASE_SECONDS = 5 * 60;
/** Sent and failed rows (already without content) are deleted after this many days. */
export const KEEP_DAYS = 30;

const BATCH = 10;
/** How long `stop()` waits for a delivery under way. */
const STOP_WAIT_MS = 10_000;

export interface EnqueueOptions {
  /** What caused it (`signupCode`, `passwordReset`, `passwordChanged`…), for logs and tests. */
  kind: string;
  /** When its content (a code or link) is worthless: erased then, sent or not. */
  eraseAfter: Date;
}

export interface OutboxWorker {
  /** Looks for due mails soon; `id` is a mail just written, looked for again until it shows (its transaction commits). */
  kick(id?: number): void;
  /** Sends every due mail now; answers how many were tried. */
  drain(): Promise<number>;
  /** Erases content past `eraseAfter`, deletes old rows and expired outbox files. */
  cleanUp(): Promise<void>;
  /** Stops the timers and waits (10 s at most) for a delivery under way. */
  stop(): Promise<void>;
}

export interface OutboxWorkerOptions {
  db: Db;
  mailer: Mailer;
  /** Seconds before each retry (default `DEFAULT_RETRY_SECONDS`). */
  retrySeconds?: readonly number[] | undefined;
  /** How often due mails are looked for without a kick (ms). */
  pollMs?: number;
  /** How often the clean-up runs (ms). */
  cleanUpMs?: number;
}

/** Workers running in this process. A global slot: the front and Astro's handler are bundled apart (runtime.ts). */
const SLOT = Symbol.for('society-portal.mail-outbox-workers');
function workers(): Set<OutboxWorker> {
  const slot = globalThis as { [SLOT]?: Set<OutboxWorker> };
  return (slot[SLOT] ??= new Set());
}

/**
 * Writes a mail to the outbox with the caller's executor (a transaction: the mail exists exactly
 * when the change does) and wakes this process's worker. Answers the row's id.
 */
export async function enqueueMail(executor: Executor, message: MailMessage, options: EnqueueOptions): Promise<number> {
  return (await enqueueMails(executor, [message], options))[0]!;
}

/** Mails written at once (a few hundred rows a statement), as `enqueueMail` writes one. Answers their ids. */
export async function enqueueMails(
  executor: Executor,
  messages: MailMessage[],
  options: EnqueueOptions,
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < messages.length; i += ENQUEUE_BATCH) {
    const rows = await executor
      .insert(mailOutbox)
      .values(
        messages.slice(i, i + ENQUEUE_BATCH).map((message) => ({
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          locale: message.locale,
          kind: options.kind,
          eraseAfter: options.eraseAfter,
        })),
      )
      .returning({ id: mailOutbox.id });
    ids.push(...rows.map((row) => row.id));
  }
  for (const id of ids) kickMail(id);
  return ids;
}

/**
 * A mail written by a larger statement (a common table expression answering the mail's `id`, or
 * none), for a change made in one statement: the mail is written only `when` the statement's own
 * condition holds, so it exists exactly when the change does. Wake the worker after with `kickMail`.
 */
export function outboxInsert(message: (MailMessage & EnqueueOptions) | null, when: SQL): SQL {
  if (!message) return sql`SELECT NULL::integer AS id WHERE false`;
  return sql`INSERT INTO mail_outbox ("to", subject, text, html, locale, kind, erase_after)
    SELECT ${message.to}, ${message.subject}, ${message.text}, ${message.html}, ${message.locale}, ${message.kind},
      ${message.eraseAfter.toISOString()}::timestamptz
    WHERE ${when}
    RETURNING id`;
}

/** Wakes this process's worker for a mail written (`outboxInsert`). */
export function kickMail(id: number): void {
  for (const worker of workers()) worker.kick(id);
}

/** Rows per insert of `enqueueMails` (seven parameters each, far below PostgreSQL's 65,535). */
const ENQUEUE_BATCH = 500;

interface Claimed {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  locale: string;
  kind: string;
  attempts: number;
  erase_after: Date | string;
  created_at: Date | string;
}

/** A refusal that will not change on a retry (SMTP 5xx: no such mailbox, refused content…). */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

function reasonOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, mailer } = options;
  const retrySeconds = options.retrySeconds ?? DEFAULT_RETRY_SECONDS;
  const pollMs = options.pollMs ?? 10_000;
  const cleanUpMs = options.cleanUpMs ?? 10 * 60_000;
  const log = logger();

  let stopped = false;
  let running: Promise<number> | null = null;
  let again = false;
  let soon: NodeJS.Timeout | null = null;
  /** Wake-ups for this worker's own retries, sooner than the next poll. */
  const wakeUps = new Set<NodeJS.Timeout>();
  function wakeAfter(ms: number): void {
    if (stopped || ms >= pollMs) return;
    const timer = setTimeout(() => {
      wakeUps.delete(timer);
      void drain();
    }, ms + 20);
    timer.unref();
    wakeUps.add(timer);
  }
  /** Mails written in this process and not seen yet, with when they were written. */
  const awaited = new Map<number, number>();
  let awaitDelay = 10;

  async function claim(): Promise<Claimed[]> {
    const result = await db.execute(sql`
      UPDATE ${mailOutbox}
      SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
      WHERE id IN (
        SELECT id FROM ${mailOutbox}
        WHERE status = 'pending' AND next_attempt_at <= now() AND erase_after > now()
          AND NOT EXISTS (SELECT 1 FROM system_settings WHERE mail_held_at IS NOT NULL)
        ORDER BY next_attempt_at, id
        LIMIT ${BATCH}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, "to", subject, text, html, locale, kind, attempts, erase_after, created_at`);
    return (result as unknown as { rows: Claimed[] }).rows;
  }

  async function deliver(mail: Claimed): Promise<void> {
    const message = {
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      locale: mail.locale,
    } as MailMessage;
    try {
      await mailer.send(message, {
        eraseAfter: new Date(mail.erase_after),
        key: `outbox.${mail.id}.${new Date(mail.created_at).getTime()}`,
      });
      await db.execute(sql`
        UPDATE ${mailOutbox} SET status = 'sent', sent_at = now(), text = '', html = '', last_error = NULL
        WHERE id = ${mail.id}`);
    } catch (error) {
      const reason = reasonOf(error);
      const wait = retrySeconds[mail.attempts - 1];
      if (wait === undefined || isPermanent(error)) {
        await db.execute(sql`
          UPDATE ${mailOutbox} SET status = 'failed', text = '', html = '', last_error = ${reason}
          WHERE id = ${mail.id}`);
        log.error({ mailId: mail.id, kind: mail.kind, attempts: mail.attempts, reason }, 'mail given up');
      } else {
        await db.execute(sql`
          UPDATE ${mailOutbox}
          SET next_attempt_at = now() + make_interval(secs => ${wait}), last_error = ${reason}
          WHERE id = ${mail.id}`);
        log.warn(
          { mailId: mail.id, kind: mail.kind, attempts: mail.attempts, retryInSeconds: wait },
          'mail retried later',
        );
        wakeAfter(wait * 1000);
      }
    }
  }

  async function drainOnce(): Promise<number> {
    let tried = 0;
    for (;;) {
      const batch = await claim();
      for (const mail of batch) awaited.delete(mail.id);
      await Promise.all(batch.map(deliver));
      tried += batch.length;
      if (batch.length < BATCH || stopped) return tried;
    }
  }

  function drain(): Promise<number> {
    if (stopped) return Promise.resolve(0);
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let tried = 0;
      try {
        do {
          again = false;
          tried += await drainOnce();
        } while (again && !stopped);
      } catch (error) {
        log.error({ err: error }, 'mail outbox delivery failed');
      } finally {
        running = null;
      }
      afterDrain();
      return tried;
    })();
    return running;
  }

  /** Mails written here but not yet visible (their transaction is still open): look again, less and less often. */
  function afterDrain(): void {
    const now = Date.now();
    for (const [id, at] of awaited) if (now - at > 10_000) awaited.delete(id); // rolled back, or sent by another process
    if (awaited.size === 0) {
      awaitDelay = 10;
      return;
    }
    schedule(awaitDelay);
    awaitDelay = Math.min(awaitDelay * 2, 1000);
  }

  function schedule(ms: number): void {
    if (stopped || soon) return;
    soon = setTimeout(() => {
      soon = null;
      void drain();
    }, ms);
    soon.unref();
  }

  let sweeping: Promise<void> | null = null;
  function cleanUp(): Promise<void> {
    if (stopped) return Promise.resolve();
    sweeping ??= sweep().finally(() => (sweeping = null));
    return sweeping;
  }

  async function sweep(): Promise<void> {
    try {
      await db.execute(sql`
        UPDATE ${mailOutbox}
        SET text = '', html = '',
            status = CASE WHEN status = 'pending' THEN 'failed' ELSE status END,
            last_error = CASE WHEN status = 'pending' THEN 'expired before delivery' ELSE last_error END
        WHERE erase_after <= now() AND (text <> '' OR html <> '' OR status = 'pending')`);
      await db.execute(sql`
        DELETE FROM ${mailOutbox}
        WHERE status <> 'pending' AND created_at < now() - make_interval(days => ${KEEP_DAYS})`);
      await mailer.cleanUp();
    } catch (error) {
      log.error({ err: error }, 'mail outbox clean-up failed');
    }
  }

  const poll = setInterval(() => void drain(), pollMs);
  poll.unref();
  const sweepTimer = setInterval(() => void cleanUp(), cleanUpMs);
  sweepTimer.unref();

  const worker: OutboxWorker = {
    kick(id) {
      if (stopped) return;
      if (id !== undefined) awaited.set(id, Date.now());
      schedule(0);
    },
    drain,
    cleanUp,
    async stop() {
      stopped = true;
      workers().delete(worker);
      clearInterval(poll);
      clearInterval(sweepTimer);
      if (soon) clearTimeout(soon);
      soon = null;
      for (const timer of wakeUps) clearTimeout(timer);
      wakeUps.clear();
      // A send under way may take up to a minute; shutdown waits for it at most STOP_WAIT_MS (its
      // lease makes the mail due again for the next run if it is not recorded by then).
      const idle = (async () => {
        while (running || sweeping) await (running ?? sweeping);
      })();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([idle, new Promise<void>((resolve) => (timer = setTimeout(resolve, STOP_WAIT_MS)))]);
      clearTimeout(timer);
    },
  };
  workers().add(worker);
  // Mails left due by an earlier run, and content left past its time.
  void cleanUp().then(() => drain());
  return worker;
}
