/**
 * Reading the audit log in the staff console (DESIGN.md §19): who did what, to what, when, with
 * the values before and after; filtered, a page at a time (newest first, by id), and exported.
 * Nothing here writes or changes a row of it (the table refuses that anyway).
 */
import { sql, type SQL } from 'drizzle-orm';
import { startOfTaipeiDate, addDays, type CalendarDate } from '../../../lib/calendar-date';
import { csvLine } from '../../../lib/imports/cells';
import type { AuditFilter } from '../../../lib/schemas/staff';
import type { Actor } from '../../auth/sessions';
import { runtime } from '../../runtime';
import { recordAudit } from '../accounts/audit';
import type { ChainCheck } from '../../db/audit-chain';
import type { StoredChainCheck } from './audit-chain-check';

export const AUDIT_PAGE = 50;
/** The most rows one export holds (narrow the filter for more). */
export const AUDIT_EXPORT_MAX = 50_000;

export interface AuditRow {
  id: number;
  at: Date;
  actorType: string;
  actorId: number | null;
  /** The acting account's e-mail (an individual or organisation), when it still exists. */
  actorEmail: string | null;
  actorName: { zh: string; en: string } | null;
  action: string;
  ip: string;
  targetType: string | null;
  targetId: string | null;
  /** An account target's e-mail. */
  targetEmail: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  detail: Record<string, unknown> | null;
}

function conditions(filter: AuditFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.q) {
    const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`(COALESCE(a.email, o.email, '') ILIKE ${like} OR l.action ILIKE ${like}
      OR COALESCE(l.target_id, '') ILIKE ${like} OR COALESCE(t.email, '') ILIKE ${like} OR l.ip ILIKE ${like})`);
  }
  if (filter.action) parts.push(sql`(l.action = ${filter.action} OR l.action LIKE ${`${filter.action}.%`})`);
  if (filter.from) parts.push(sql`l.at >= ${startOfTaipeiDate(filter.from as CalendarDate)}`);
  if (filter.to) parts.push(sql`l.at < ${startOfTaipeiDate(addDays(filter.to as CalendarDate, 1))}`);
  if (filter.before) parts.push(sql`l.id < ${filter.before}`);
  return sql.join(parts, sql` AND `);
}

const pageOf = (filter: AuditFilter, limit: number) => sql`
    SELECT l.id, l.at, l.actor_type, l.actor_id, l.action, l.ip, l.target_type, l.target_id,
      l.before, l.after, l.detail, COALESCE(a.email, o.email) AS actor_email,
      a.name_zh, COALESCE(a.name_en, o.name_en) AS name_en, o.name AS organ_name, t.email AS target_email
    FROM audit_log l
      LEFT JOIN accounts a ON l.actor_type = 'individual' AND a.id = l.actor_id
      LEFT JOIN organisations o ON l.actor_type = 'organ' AND o.id = l.actor_id
      LEFT JOIN accounts t ON l.target_type = 'account' AND t.id::text = l.target_id
    WHERE ${conditions(filter)}
    ORDER BY l.id DESC
    LIMIT ${limit}`;

async function select(filter: AuditFilter, limit: number): Promise<AuditRow[]> {
  const { db } = (await runtime()).database;
  return toRows((await db.execute<Record<string, unknown>>(pageOf(filter, limit))).rows);
}

function toRows(rows: Record<string, unknown>[]): AuditRow[] {
  return rows.map((r) => ({
    id: r.id as number,
    at: new Date(r.at as string),
    actorType: r.actor_type as string,
    actorId: r.actor_id as number | null,
    actorEmail: r.actor_email as string | null,
    actorName:
      r.actor_email === null
        ? null
        : { zh: ((r.name_zh ?? r.organ_name) as string | null) ?? '', en: (r.name_en as string | null) ?? '' },
    action: r.action as string,
    ip: r.ip as string,
    targetType: r.target_type as string | null,
    targetId: r.target_id as string | null,
    targetEmail: r.target_email as string | null,
    before: r.before as Record<string, unknown> | null,
    after: r.after as Record<string, unknown> | null,
    detail: r.detail as Record<string, unknown> | null,
  }));
}

/**
 * One page of the log, newest first, the id to ask older rows `before` (null: none older), and the
 * daily check of the log's chain as last stored (null: it has not run), read with the page in one
 * statement.
 */
export async function searchAudit(
  filter: AuditFilter,
): Promise<{ rows: AuditRow[]; older: number | null; chain: StoredChainCheck | null }> {
  const { db } = (await runtime()).database;
  const { rows: found } = await db.execute<Record<string, unknown>>(sql`
    WITH page AS (${pageOf(filter, AUDIT_PAGE + 1)})
    SELECT page.*, h.checked_at AS chain_checked_at, h.checked AS chain_checked
    FROM audit_chain_head h LEFT JOIN page ON true
    ORDER BY page.id DESC`);
  const head = found[0];
  const chain =
    head?.chain_checked_at == null
      ? null
      : { ...(head.chain_checked as ChainCheck), checkedAt: new Date(head.chain_checked_at as string) };
  const rows = toRows(found.filter((r) => r.id !== null));
  const page = rows.slice(0, AUDIT_PAGE);
  return { rows: page, older: rows.length > AUDIT_PAGE ? page[page.length - 1]!.id : null, chain };
}

const EXPORT_COLUMNS = [
  'id',
  'at',
  'actorType',
  'actorId',
  'actorEmail',
  'action',
  'ip',
  'targetType',
  'targetId',
  'targetEmail',
  'before',
  'after',
  'detail',
];

/**
 * The filtered log as CSV (UTF-8 with a byte-order mark; formula-like cells guarded), newest
 * first; the export itself is written to the log (who took a copy, of what).
 */
export async function exportAudit(actor: Actor, filter: AuditFilter, ip: string): Promise<string> {
  const { db } = (await runtime()).database;
  await recordAudit(db, {
    actor: { userType: 'individual', accountId: actor.accountId },
    action: 'audit.exported',
    ip,
    detail: { filter: { ...filter } },
  });
  const rows = await select({ ...filter, before: undefined }, AUDIT_EXPORT_MAX);
  const lines = [csvLine(EXPORT_COLUMNS)];
  for (const r of rows)
    lines.push(
      csvLine([
        String(r.id),
        r.at.toISOString(),
        r.actorType,
        r.actorId === null ? '' : String(r.actorId),
        r.actorEmail ?? '',
        r.action,
        r.ip,
        r.targetType ?? '',
        r.targetId ?? '',
        r.targetEmail ?? '',
        r.before ? JSON.stringify(r.before) : '',
        r.after ? JSON.stringify(r.after) : '',
        r.detail ? JSON.stringify(r.detail) : '',
      ]),
    );
  return `\uFEFF${lines.join('')}`;
}
