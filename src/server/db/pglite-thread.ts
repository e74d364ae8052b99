import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { types } from '@electric-sql/pglite';

/**
 * The embedded database in a thread of its own (`pglite-worker.mjs`), behind the part of PGlite's
 * client that Drizzle and `db/prepared.ts` use: `query`, `exec` and `transaction`. A statement on
 * the embedded database is WebAssembly run on the calling thread, a tenth of a millisecond for the
 * session lookup and far more for a report, during which that thread answers no one; in its own
 * thread, the serving thread only hands statements over and reads answers, as it does with
 * PostgreSQL (decision record 013).
 *
 * PGlite has one connection. A transaction holds it from BEGIN to COMMIT or ROLLBACK: statements
 * from outside the transaction wait for it here (`#held`, `#turn`), so nothing slips in between.
 */

/** What a statement answers: rows as objects or arrays, with their fields. */
export interface Results<T = Record<string, unknown>> {
  rows: T[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
  /** The command tag's verb (`SELECT`, `COMMIT`, `ROLLBACK`, …). */
  command?: string;
}

export interface QueryOptions {
  rowMode?: 'array' | 'object';
  /**
   * Per-type parsers. Only the identity is carried to the database's thread (functions cannot
   * cross it): a type named here is answered as the database's text, as Drizzle asks for dates,
   * times and intervals; any other parser is refused.
   */
  parsers?: Record<number, (value: string, typeId: number) => unknown>;
}

/** A transaction's handle: its statements run inside it. */
export interface ThreadTransaction {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/** How long the thread may take to write the database out and end before it is stopped. */
const CLOSE_TIMEOUT_MS = 10_000;

/** The types Drizzle keeps as text (its PGlite session's parsers), kept as text on the thread. */
const RAW_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

type ErrorFields = { message: string } & Record<string, unknown>;

/** A database error from the thread, with the fields PostgreSQL gives it (`code`, `constraint`, …). */
function databaseError(fields: ErrorFields): Error {
  return Object.assign(new Error(fields.message), fields);
}

/** The worker's file: beside this module in the sources, and copied beside the bundle by the build. */
function workerFile(): string {
  return path.join(path.dirname(fileURLToPath(import.meta.url)), 'pglite-worker.mjs');
}

export class PGliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  /** Resolves when the last transaction begun or waiting to begin has ended. */
  #turn: Promise<void> = Promise.resolve();
  /** Whether a transaction holds the connection (from before its BEGIN is sent to its end). */
  #held = false;
  #closed = false;
  #closing: Promise<void> | null = null;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (message: { id: number; result?: unknown; error?: ErrorFields }) => {
      const pending = this.#pending.get(message.id);
      if (!pending) return;
      this.#pending.delete(message.id);
      if (this.#pending.size === 0) worker.unref();
      if (message.error) pending.reject(databaseError(message.error));
      else pending.resolve(message.result);
    });
    worker.on('error', (error) => this.#failAll(error));
    worker.on('exit', (code) => this.#failAll(new Error(`the database thread stopped (exit ${code})`)));
  }

  /** Starts the thread on `dataDir` (null: in memory) and resolves once the database is ready. */
  static async open(dataDir: string | null): Promise<PGliteThread> {
    const worker = new Worker(workerFile(), { workerData: { dataDir, rawTypes: RAW_TYPES } });
    await new Promise<void>((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`the database thread stopped while starting (exit ${code})`));
      worker.once('error', reject);
      worker.once('exit', onExit);
      worker.once('message', (message: { ready: boolean; error?: ErrorFields }) => {
        worker.off('error', reject);
        worker.off('exit', onExit);
        if (message.ready) resolve();
        else reject(databaseError(message.error ?? { message: 'the database did not start' }));
      });
    });
    worker.unref();
    return new PGliteThread(worker);
  }

  #failAll(error: Error): void {
    this.#closed = true;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }

  /** Sends one operation to the thread, whoever holds the connection. */
  #send<T>(message: Record<string, unknown>): Promise<T> {
    if (this.#closed || this.#closing) return Promise.reject(new Error('the database is closed'));
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...message, id });
    });
  }

  #query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results<T>> {
    let raw = false;
    if (options.parsers) {
      for (const [oid, parse] of Object.entries(options.parsers)) {
        if (!RAW_TYPES.includes(Number(oid)) || parse('x', Number(oid)) !== 'x') {
          return Promise.reject(new Error(`a parser for type ${oid} cannot run on the database's thread`));
        }
      }
      raw = true;
    }
    return this.#send({ op: 'query', sql, params, rowMode: options.rowMode ?? 'object', raw });
  }

  #exec(sql: string): Promise<Results[]> {
    return this.#send({ op: 'exec', sql });
  }

  /** Waits for the transactions before it, runs `fn` holding the connection, then lets it go. */
  async #exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const previous = this.#turn;
    let release!: () => void;
    this.#turn = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.#held = true;
    try {
      return await fn();
    } finally {
      this.#held = false;
      release();
    }
  }

  /**
   * A statement on its own is sent at once (the thread runs them in the order they arrive, so
   * several requests' statements queue there rather than wait for each other's round trip),
   * unless a transaction holds the connection: then it waits for the transaction to end.
   */
  async #single<T>(fn: () => Promise<T>): Promise<T> {
    while (this.#held) await this.#turn;
    return fn();
  }

  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#single(() => this.#query<T>(sql, params, options));
  }

  exec(sql: string): Promise<Results[]> {
    return this.#single(() => this.#exec(sql));
  }

  /** BEGIN, `fn` with the transaction's handle, then COMMIT (or ROLLBACK when `fn` throws). */
  transaction<T>(fn: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    return this.#exclusive(async () => {
      await this.#exec('BEGIN');
      let closed = false;
      const open = () => {
        if (closed) throw new Error('Transaction is closed');
      };
      const tx: ThreadTransaction = {
        query: async (sql, params, options) => {
          open();
          return this.#query(sql, params, options);
        },
        exec: async (sql) => {
          open();
          return this.#exec(sql);
        },
        rollback: async () => {
          open();
          await this.#exec('ROLLBACK');
          closed = true;
        },
        get closed() {
          return closed;
        },
      };
      try {
        const result = await fn(tx);
        if (!closed) {
          closed = true;
          const [end] = await this.#exec('COMMIT');
          // PostgreSQL answers ROLLBACK to the COMMIT of a transaction a failed statement aborted.
          if (end?.command === 'ROLLBACK') {
            throw Object.assign(new Error('Transaction was rolled back instead of committed'), { code: '25P02' });
          }
        }
        return result;
      } catch (error) {
        if (!closed) {
          closed = true;
          await this.#exec('ROLLBACK');
        }
        throw error;
      }
    });
  }

  /**
   * Closes the database (its files written out) and waits for the thread to end. Sent at once, as
   * PGlite's own close is: statements still on their way are answered with an error, and a
   * transaction left open is lost with the connection, as a crash would lose it.
   */
  close(): Promise<void> {
    this.#closing ??= new Promise<void>((resolve) => {
      // A thread that cannot close its database within the time is stopped. The timer also holds
      // the process until the thread has ended: a caller awaiting the close (then exiting with its
      // own code) must not see the process end under it for want of anything else to wait for.
      const timer = setTimeout(() => void this.#worker.terminate(), CLOSE_TIMEOUT_MS);
      this.#worker.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      this.#worker.postMessage({ op: 'close' });
    });
    return this.#closing;
  }
}
