import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { MemoCache } from '../../cache';
import type { Executor } from '../../db/client';
import { runtime } from '../../runtime';

/** The PostgreSQL channel a content change is announced on (docs/decisions/019). */
export const CONTENT_CHANNEL = 'portal_content_changed';

/** How long a change waits for its own announcement to come back before it answers. */
const ECHO_WAIT_MS = 1000;
/** How long a lost listening connection waits before it tries again. */
const RETRY_MS = 1000;

/** A serving process's ear on the database: it empties the caches when another process changes content. */
export interface ContentChangeListener {
  /** Resolves once this process has heard the announcement `id` (or after `ms`, or at once when not listening). */
  heard(id: string, ms: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Runs a change of public content (articles, categories, home blocks, …) in one transaction and
 * makes it reach every serving process at once: on PostgreSQL the transaction announces itself
 * with NOTIFY (delivered when it commits), every process listening empties its memo and page
 * caches, and the change answers once its own process has heard it back, so the others have
 * been told too. The embedded database runs one process: emptying its caches is enough.
 */
export async function changeContent<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
  const rt = await runtime();
  const id = randomUUID();
  const postgres = rt.database.engine === 'postgres';
  const result = await rt.database.db.transaction(async (tx) => {
    const value = await work(tx);
    if (postgres) await tx.execute(sql`select pg_notify(${CONTENT_CHANNEL}, ${id})`);
    return value;
  });
  rt.cache.clear();
  if (postgres) await rt.contentChanges?.heard(id, ECHO_WAIT_MS);
  return result;
}

/**
 * Listens for content changes on a connection of its own (a pooled one cannot LISTEN). Every
 * announcement empties `cache` (and with it the page cache). When the connection is lost it
 * connects again after a second and empties the caches then too, since an announcement may have
 * been missed meanwhile; until then the memo cache's time-to-live bounds staleness as before.
 */
export function listenForContentChanges(
  databaseUrl: string,
  cache: MemoCache,
  onError: (error: unknown) => void,
): ContentChangeListener {
  const waiters = new Map<string, () => void>();
  let listening = false;
  let stopped = false;
  let client: pg.Client | null = null;

  const connect = () => {
    if (stopped) return;
    const own = new pg.Client({ connectionString: databaseUrl });
    let retried = false;
    const retry = (error?: unknown) => {
      if (error) onError(error);
      if (retried) return;
      retried = true;
      listening = false;
      client = null;
      own.end().catch(() => undefined);
      if (!stopped) setTimeout(connect, RETRY_MS).unref();
    };
    own.on('notification', (message) => {
      if (message.channel !== CONTENT_CHANNEL) return;
      cache.clear();
      const waiter = message.payload ? waiters.get(message.payload) : undefined;
      waiter?.();
    });
    own.on('error', retry);
    own.on('end', () => retry());
    own
      .connect()
      .then(() => own.query(`LISTEN ${CONTENT_CHANNEL}`))
      .then(() => {
        if (stopped) return own.end();
        client = own;
        listening = true;
        cache.clear();
      })
      .catch(retry);
  };
  connect();

  return {
    heard(id, ms) {
      if (!listening) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiters.delete(id);
          resolve();
        };
        const timer = setTimeout(done, ms);
        timer.unref();
        waiters.set(id, done);
      });
    },
    async stop() {
      stopped = true;
      listening = false;
      await client?.end().catch(() => undefined);
    },
  };
}
