import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { MemoCache } from '../../cache';
import type { Executor } from '../../db/client';
import { runtime, type ContentChangeListener } from '../../runtime';

/** The PostgreSQL channel a content change is announced on (docs/decisions/019). */
export const CONTENT_CHANNEL = 'portal_content_changed';
/** The channel each listening process answers on once it has emptied its caches. */
export const ACK_CHANNEL = 'portal_content_emptied';
/** The listening connections' application name, by which a change counts the processes to wait for. */
export const LISTENER_NAME = 'portal-content-listener';

/** How long a change waits for every listening process to say it emptied its caches. */
const ECHO_WAIT_MS = 1000;
/** How long a lost listening connection waits before it tries again: at first, and at most (doubling in between). */
const RETRY_MS = [1000, 5000] as const;

/**
 * Runs a change of public content (articles, categories, home blocks, …) in one transaction and
 * makes it reach every serving process at once: on PostgreSQL the transaction announces itself
 * with NOTIFY (delivered when it commits), every process listening empties its memo and page
 * caches and says so on a second channel, and the change answers once every listening process
 * (counted by its connection's application name) has said so. The embedded database runs one
 * process: emptying its caches is enough. `then` runs in the same transaction after the work, with
 * its result (the desks re-index what they changed for site search, `indexAs`).
 */
export async function changeContent<T>(
  work: (tx: Executor) => Promise<T>,
  then?: (tx: Executor, result: T) => Promise<void>,
): Promise<T> {
  const rt = await runtime();
  const id = randomUUID();
  const postgres = rt.database.engine === 'postgres';
  const answers = postgres ? rt.contentChanges?.expect(id) : undefined;
  let result: T;
  try {
    result = await rt.database.db.transaction(async (tx) => {
      const value = await work(tx);
      if (then) await then(tx, value);
      if (postgres) await tx.execute(sql`select pg_notify(${CONTENT_CHANNEL}, ${id})`);
      return value;
    });
  } catch (error) {
    answers?.cancel();
    throw error;
  }
  rt.cache.clear();
  if (answers) {
    const listening = await rt.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE application_name = ${LISTENER_NAME} AND datname = current_database()`,
    );
    await answers.until(listening.rows[0]?.n ?? 0, ECHO_WAIT_MS);
  }
  return result;
}

/**
 * Listens for content changes on a connection of its own (a pooled one cannot LISTEN). Every
 * announcement empties `cache` (and with it the page cache). When the connection is lost (the
 * database stopped or restarted) it connects again after a second, then every 2, 4 and at most 5
 * seconds while the database stays away, and empties the caches once it listens again, since an
 * announcement may have been missed meanwhile; until then the memo cache's time-to-live bounds
 * staleness as before. `onError` hears the first failure of each loss, not every try after it.
 */
export function listenForContentChanges(
  databaseUrl: string,
  cache: MemoCache,
  onError: (error: unknown) => void,
): ContentChangeListener {
  /** Per announcement awaited: the processes that said they emptied their caches, and the waiter. */
  const waiters = new Map<string, { acks: number; wanted: number; done: () => void }>();
  let listening = false;
  let stopped = false;
  let client: pg.Client | null = null;
  /** The wait before the next try; and whether this loss was reported already. */
  let retryMs: number = RETRY_MS[0];
  let reported = false;

  const connect = () => {
    if (stopped) return;
    const own = new pg.Client({ connectionString: databaseUrl, application_name: LISTENER_NAME });
    let retried = false;
    const retry = (error?: unknown) => {
      if (error && !reported && !stopped) {
        reported = true;
        onError(error);
      }
      if (retried) return;
      retried = true;
      listening = false;
      client = null;
      own.end().catch(() => undefined);
      if (stopped) return;
      setTimeout(connect, retryMs).unref();
      retryMs = Math.min(retryMs * 2, RETRY_MS[1]);
    };
    own.on('notification', (message) => {
      if (message.channel === CONTENT_CHANNEL) {
        cache.clear();
        // Say so, for the process that made the change (and waits for every listener).
        if (message.payload) own.query('SELECT pg_notify($1, $2)', [ACK_CHANNEL, message.payload]).catch(retry);
      } else if (message.channel === ACK_CHANNEL && message.payload) {
        const waiter = waiters.get(message.payload);
        if (waiter && ++waiter.acks >= waiter.wanted) waiter.done();
      }
    });
    own.on('error', retry);
    own.on('end', () => retry());
    own
      .connect()
      .then(() => own.query(`LISTEN ${CONTENT_CHANNEL}; LISTEN ${ACK_CHANNEL}`))
      .then(() => {
        if (stopped) return own.end();
        client = own;
        listening = true;
        retryMs = RETRY_MS[0];
        reported = false;
        cache.clear();
      })
      .catch(retry);
  };
  connect();

  return {
    expect(id) {
      const waiter = { acks: 0, wanted: Number.POSITIVE_INFINITY, done: () => {} };
      waiters.set(id, waiter);
      return {
        until(processes, ms) {
          if (!listening || waiter.acks >= processes) {
            waiters.delete(id);
            return Promise.resolve();
          }
          return new Promise<void>((resolve) => {
            const timer = setTimeout(() => waiter.done(), ms);
            timer.unref();
            waiter.wanted = processes;
            waiter.done = () => {
              clearTimeout(timer);
              waiters.delete(id);
              resolve();
            };
          });
        },
        cancel() {
          waiters.delete(id);
        },
      };
    },
    async stop() {
      stopped = true;
      listening = false;
      await client?.end().catch(() => undefined);
    },
  };
}
