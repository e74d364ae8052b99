/**
 * The audit log's chain (docs/decisions/033-audit-chain.md): every row carries an HMAC-SHA256, keyed
 * from the master key, over its content, its place in the chain and the hash of the row before it,
 * so a row removed, changed, put in or moved shows, and someone holding only the database's
 * credentials cannot write a chain that verifies. `recordAudit` appends; the start step seals the
 * rows written before the chain, once; `checkAuditChain` walks it (`npm run audit-verify`, the
 * daily job, the console's audit page).
 */
import { createHmac } from 'node:crypto';
import { is, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Executor } from './client';

/** What a break in the chain is, at the row the walk stopped on. */
export type ChainBreakKind =
  /** The row's content (or its hash) is not what was written. */
  | 'changed'
  /** Rows were removed before this one. */
  | 'missingBefore'
  /** The row was not written by the portal: it does not link in, and the next row skips it. */
  | 'inserted'
  /** The row is genuine but its place in the chain is not where the log holds it. */
  | 'outOfOrder'
  /** The row carries no hash: written behind the portal's back, or the start never sealed the log. */
  | 'unsealed'
  /** Rows were removed after this one (the last rows of the log): the head names more. */
  | 'missingAfter';

export interface ChainBreak {
  /** The row the break was found at (for `missingAfter`, the last row left; 0 when none is). */
  id: number;
  kind: ChainBreakKind;
}

export interface ChainCheck {
  /** How many rows verified, from the first, before the break (all of them without one). */
  verified: number;
  /** The id of the last row that verified (null: none did). */
  lastId: number | null;
  break: ChainBreak | null;
}

/** One row as the chain covers it; `at` in microseconds since 1970 (as text: exact on both drivers). */
export interface ChainRow {
  id: number;
  atMicros: string;
  actorType: string;
  actorId: number | null;
  action: string;
  ip: string;
  targetType: string | null;
  targetId: string | null;
  before: unknown;
  after: unknown;
  detail: unknown;
  chainSeq: number | null;
  prevHash: string | null;
  hash: string | null;
}

/**
 * A JSON value written one way only: keys sorted at every level, no spaces, values as JSON reads
 * them back (a Date as its ISO text, `undefined` as absent or null). PostgreSQL's jsonb gives keys
 * back in its own order, so the order a caller wrote them in must not matter.
 */
export function canonicalJson(value: unknown): string {
  const normal: unknown = value === undefined ? null : JSON.parse(JSON.stringify(value));
  const write = (v: unknown): string => {
    if (Array.isArray(v)) return `[${v.map(write).join(',')}]`;
    if (v !== null && typeof v === 'object')
      return `{${Object.keys(v)
        .sort()
        .map((k) => `${JSON.stringify(k)}:${write((v as Record<string, unknown>)[k])}`)
        .join(',')}}`;
    return JSON.stringify(v);
  };
  return write(normal);
}

/** The hash a row must carry: HMAC-SHA256 (hex) over its canonical content, place and previous hash. */
export function chainHash(key: Buffer, row: Omit<ChainRow, 'hash'>): string {
  const content = canonicalJson({
    id: row.id,
    at: row.atMicros,
    actorType: row.actorType,
    actorId: row.actorId,
    action: row.action,
    ip: row.ip,
    targetType: row.targetType,
    targetId: row.targetId,
    before: row.before ?? null,
    after: row.after ?? null,
    detail: row.detail ?? null,
    seq: row.chainSeq,
    prev: row.prevHash,
  });
  return createHmac('sha256', key).update(content).digest('hex');
}

/** The chain's head: the last row's place and hash. */
export interface ChainHead {
  lastSeq: number;
  lastHash: string;
}

/**
 * Walks `rows` (the whole log, in the order of ids) against the head and names the first break.
 * A row whose own hash fails is `inserted` when the row after it links to the one before it (or it
 * is the last and the head does), else `changed`; a row whose hash holds but whose place is not the
 * next is `missingBefore` (rows gone before it) or `outOfOrder`.
 */
export function verifyChainRows(key: Buffer, rows: readonly ChainRow[], head: ChainHead): ChainCheck {
  let expected = 1;
  let prev = '';
  let lastId: number | null = null;
  const stop = (id: number, kind: ChainBreakKind): ChainCheck => ({
    verified: expected - 1,
    lastId,
    break: { id, kind },
  });
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (row.hash === null) return stop(row.id, 'unsealed');
    const genuine = row.chainSeq !== null && row.prevHash !== null && chainHash(key, row) === row.hash;
    if (!genuine) {
      const next = rows[i + 1];
      const skipped = next
        ? next.prevHash === prev && next.chainSeq === expected
        : head.lastSeq === expected - 1 && head.lastHash === prev;
      return stop(row.id, skipped ? 'inserted' : 'changed');
    }
    if (row.chainSeq !== expected || row.prevHash !== prev)
      return stop(row.id, row.chainSeq! > expected ? 'missingBefore' : 'outOfOrder');
    prev = row.hash;
    lastId = row.id;
    expected++;
  }
  if (head.lastSeq !== expected - 1 || head.lastHash !== prev) return stop(lastId ?? 0, 'missingAfter');
  return { verified: expected - 1, lastId, break: null };
}

/** The rows a walk reads at once. */
const BATCH = 2000;

const rowColumns = sql`id, (floor(extract(epoch from at) * 1000000))::bigint::text AS at_micros, actor_type,
  actor_id, action, ip, target_type, target_id, before, after, detail, chain_seq, prev_hash, hash`;

function toChainRow(r: Record<string, unknown>): ChainRow {
  return {
    id: Number(r.id),
    atMicros: String(r.at_micros),
    actorType: r.actor_type as string,
    actorId: r.actor_id === null ? null : Number(r.actor_id),
    action: r.action as string,
    ip: r.ip as string,
    targetType: r.target_type as string | null,
    targetId: r.target_id as string | null,
    before: r.before,
    after: r.after,
    detail: r.detail,
    chainSeq: r.chain_seq === null ? null : Number(r.chain_seq),
    prevHash: r.prev_hash as string | null,
    hash: r.hash as string | null,
  };
}

/**
 * Verifies the whole log against its head, read in one snapshot (a repeatable-read transaction:
 * rows appended meanwhile are not half seen), a batch of rows at a time.
 */
export async function checkAuditChain(db: Db, key: Buffer): Promise<ChainCheck> {
  return db.transaction(
    async (tx) => {
      const { rows: heads } = await tx.execute<Record<string, unknown>>(
        sql`SELECT last_seq, last_hash FROM audit_chain_head WHERE id = 1`,
      );
      const head = { lastSeq: Number(heads[0]?.last_seq ?? 0), lastHash: String(heads[0]?.last_hash ?? '') };
      const rows: ChainRow[] = [];
      for (let after = 0; ;) {
        const { rows: batch } = await tx.execute<Record<string, unknown>>(
          sql`SELECT ${rowColumns} FROM audit_log WHERE id > ${after} ORDER BY id LIMIT ${BATCH}`,
        );
        rows.push(...batch.map(toChainRow));
        if (batch.length < BATCH) break;
        after = rows.at(-1)!.id;
      }
      return verifyChainRows(key, rows, head);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * Appends `entries` to the chain in `executor`'s transaction: the head locked to the transaction's
 * end (so concurrent transactions append one after another, in the order of ids), the ids taken
 * after the lock, each row hashed over the row before it, the rows and the new head written at once.
 */
export async function appendToChain(
  executor: Executor,
  key: Buffer,
  entries: readonly Omit<ChainRow, 'id' | 'atMicros' | 'chainSeq' | 'prevHash' | 'hash'>[],
): Promise<void> {
  // Outside a transaction the head's lock would end with its statement: the append takes one. (By
  // Drizzle's `is`: the front and Astro's handler each bundle their own copy of its classes.)
  if (!is(executor, PgTransaction)) return executor.transaction((tx) => appendToChain(tx, key, entries));
  const n = entries.length;
  const { rows: locked } = await executor.execute<Record<string, unknown>>(sql`
    WITH head AS (SELECT last_seq, last_hash FROM audit_chain_head WHERE id = 1 FOR UPDATE)
    SELECT head.last_seq, head.last_hash,
      (SELECT array_agg(nextval(pg_get_serial_sequence('audit_log', 'id')) ORDER BY g)
        FROM generate_series(1, ${n}::int) g)::text AS ids
    FROM head`);
  const head = locked[0];
  if (!head) throw new Error('audit_chain_head has no row: the database was not migrated (drizzle/0034)');
  const ids = String(head.ids).replace(/[{}]/g, '').split(',').map(Number);
  let seq = Number(head.last_seq);
  let prev = String(head.last_hash);
  const at = new Date();
  const atMicros = `${at.getTime()}000`;
  const values = entries.map((entry, i) => {
    const row = { ...entry, id: ids[i]!, atMicros, chainSeq: ++seq, prevHash: prev };
    const hash = chainHash(key, row);
    prev = hash;
    const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));
    return sql`(${row.id}, ${at.toISOString()}::timestamptz, ${row.actorType}, ${row.actorId}, ${row.action},
      ${row.ip}, ${row.targetType}, ${row.targetId}, ${json(row.before)}::jsonb, ${json(row.after)}::jsonb,
      ${json(row.detail)}::jsonb, ${row.chainSeq}, ${row.prevHash}, ${hash})`;
  });
  await executor.execute(sql`
    WITH appended AS (
      INSERT INTO audit_log (id, at, actor_type, actor_id, action, ip, target_type, target_id, before, after,
        detail, chain_seq, prev_hash, hash)
      VALUES ${sql.join(values, sql`, `)})
    UPDATE audit_chain_head SET last_seq = ${seq}, last_hash = ${prev} WHERE id = 1`);
}

/**
 * Seals the rows written before the chain (migration 0034), once, in the order of ids: each gets
 * its place and hashes, and the head records the sealing (after which the table's trigger refuses
 * any change again, and a row without a hash is a break). Run by the start step, with the key, as
 * the tables' owner, right after the migrations.
 */
export async function sealAuditLog(db: Db, key: Buffer): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows: heads } = await tx.execute<Record<string, unknown>>(
      sql`SELECT last_seq, last_hash, sealed_at FROM audit_chain_head WHERE id = 1 FOR UPDATE`,
    );
    const head = heads[0];
    if (!head || head.sealed_at !== null) return 0;
    let seq = Number(head.last_seq);
    let prev = String(head.last_hash);
    let sealed = 0;
    for (;;) {
      const { rows } = await tx.execute<Record<string, unknown>>(
        sql`SELECT ${rowColumns} FROM audit_log WHERE hash IS NULL ORDER BY id LIMIT 500`,
      );
      if (rows.length === 0) break;
      const values = rows.map((r) => {
        const row = { ...toChainRow(r), chainSeq: ++seq, prevHash: prev };
        prev = chainHash(key, row);
        return sql`(${row.id}::int, ${row.chainSeq}::bigint, ${row.prevHash}, ${prev})`;
      });
      await tx.execute(sql`
        UPDATE audit_log l SET chain_seq = v.seq, prev_hash = v.prev, hash = v.hash
        FROM (VALUES ${sql.join(values, sql`, `)}) AS v(id, seq, prev, hash) WHERE l.id = v.id`);
      sealed += rows.length;
    }
    await tx.execute(
      sql`UPDATE audit_chain_head SET last_seq = ${seq}, last_hash = ${prev}, sealed_at = now() WHERE id = 1`,
    );
    return sealed;
  });
}

/**
 * The process's chain key (`auditChainKey` of `loadSecrets`, from its master key), set when its
 * runtime opens. A global slot, as the runtime's: the front and Astro's handler are bundled apart.
 */
const KEY_SLOT = Symbol.for('society-portal.audit-chain-key');
type KeySlot = { [KEY_SLOT]?: Buffer };

export function useAuditChainKey(key: Buffer): void {
  (globalThis as KeySlot)[KEY_SLOT] = key;
}

export function auditChainKey(): Buffer {
  const key = (globalThis as KeySlot)[KEY_SLOT];
  if (!key) throw new Error('The audit chain has no key: the runtime has not been opened (src/server/runtime.ts)');
  return key;
}
