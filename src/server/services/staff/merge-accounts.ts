/**
 * Two accounts of one person made one (DESIGN.md §19): an imported member who later signed up
 * again with another national ID or e-mail, say. The office picks the account that stays; the
 * other one's records (membership, applications, orders and remittances, receipts and
 * certificates, credits, papers) move to it in one transaction, and the other account is closed
 * and remembers where it went (`accounts.merged_into`), so its old links and the audit log still
 * lead somewhere. The staying account keeps its own details (the office corrects them after, with
 * the correction form), and takes the LINE link and reviewer expertise only where it has none.
 *
 * Refused, naming why, where a merge would lose or double something: both hold a membership, both
 * have an open membership application, both were credited for the same course, or the account
 * that goes still holds roles (revoked first, on the roles desk); and for one's own account, a
 * closed one, or an account merged with itself.
 */
import { sql } from 'drizzle-orm';
import { ErrorCode } from '../../../lib/error-codes';
import type { Actor } from '../../auth/sessions';
import type { Executor } from '../../db/client';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { recordAudit } from '../accounts/audit';
import { voidResetChallenges } from '../accounts/email-challenges';
import { voidEmailVerifications } from '../accounts/verify-email';

/** The records that move, by the name the page and the audit entry give them, and their table. */
const MOVED = [
  ['memberships', 'memberships'],
  ['applications', 'applications'],
  ['orders', 'orders'],
  ['remittances', 'remittances'],
  ['documents', 'issued_documents'],
  ['certificates', 'member_certificates'],
  ['credits', 'credit_entries'],
  ['papers', 'papers'],
  ['paperAuthorisations', 'paper_authorisations'],
] as const;

export type MergeRecord = (typeof MOVED)[number][0];
export type MergeConflict = 'mergeMemberships' | 'mergeApplications' | 'mergeCredits' | 'mergeRoles';

export interface MergeSide {
  id: number;
  email: string;
  nameZh: string;
  nameEn: string;
  memberNo: string | null;
  closed: boolean;
}

export interface MergePlan {
  keep: MergeSide;
  drop: MergeSide;
  /** How many of each record of the account that goes move to the one that stays. */
  moves: Record<MergeRecord, number>;
  conflicts: MergeConflict[];
}

/** Both accounts, what would move and what stands in the way: one statement. */
async function planOf(executor: Executor, keepId: number, dropId: number, lock: boolean): Promise<MergePlan> {
  const side = (id: number) => sql`(SELECT json_build_object('id', a.id, 'email', a.email, 'nameZh', a.name_zh,
      'nameEn', a.name_en, 'memberNo', m.member_no, 'closed', a.closed_at IS NOT NULL)
    FROM accounts a LEFT JOIN memberships m ON m.account_id = a.id WHERE a.id = ${id})`;
  const counts = sql.join(
    MOVED.map(
      ([name, table]) =>
        sql`${name}::text, (SELECT count(*) FROM ${sql.identifier(table)} WHERE account_id = ${dropId})`,
    ),
    sql`, `,
  );
  if (lock)
    await executor.execute(sql`SELECT id FROM accounts WHERE id IN (${keepId}, ${dropId}) ORDER BY id FOR UPDATE`);
  const result = await executor.execute<{
    keep: MergeSide | null;
    drop: MergeSide | null;
    moves: Record<MergeRecord, number>;
    conflicts: MergeConflict[];
  }>(sql`
    SELECT ${side(keepId)} AS keep, ${side(dropId)} AS drop, json_build_object(${counts}) AS moves,
      array_remove(ARRAY[
        CASE WHEN (SELECT count(*) FROM memberships WHERE account_id IN (${keepId}, ${dropId})) > 1
          THEN 'mergeMemberships' END,
        CASE WHEN (SELECT count(DISTINCT account_id) FROM applications
            WHERE account_id IN (${keepId}, ${dropId}) AND type <> 'creditClaim'
              AND state NOT IN ('rejected', 'effective', 'cancelled', 'expired')) > 1
          THEN 'mergeApplications' END,
        CASE WHEN EXISTS (SELECT 1 FROM credit_entries d JOIN credit_entries k
            ON k.source = d.source AND k.source_id = d.source_id AND k.account_id = ${keepId} AND k.status = 'posted'
            WHERE d.account_id = ${dropId} AND d.status = 'posted')
          THEN 'mergeCredits' END,
        CASE WHEN EXISTS (SELECT 1 FROM account_roles WHERE account_id = ${dropId}) THEN 'mergeRoles' END
      ], NULL) AS conflicts`);
  const row = result.rows[0]!;
  if (!row.keep || !row.drop) throw new AppError(ErrorCode.NO_DATA);
  return { keep: row.keep, drop: row.drop, moves: row.moves, conflicts: row.conflicts };
}

function refuseSelf(staff: Actor, keepId: number, dropId: number) {
  if (keepId === dropId) throw new AppError(ErrorCode.DATA_CHECK, null, { key: 'mergeSame' });
  // Nobody merges their own account, into or out of it: a worker would take a member's records.
  if (keepId === staff.accountId || dropId === staff.accountId)
    throw new AppError(ErrorCode.DATA_CHECK, null, { key: 'mergeOwn' });
}

/** What merging `dropId` into `keepId` would do, for the office to read before confirming. */
export async function mergePlan(staff: Actor, keepId: number, dropId: number): Promise<MergePlan> {
  refuseSelf(staff, keepId, dropId);
  return planOf((await runtime()).database.db, keepId, dropId, false);
}

/** Merges `dropId` into `keepId`, re-checking everything under lock; audited on both accounts. */
export async function mergeAccounts(
  staff: Actor,
  input: { keepId: number; dropId: number; reason: string },
  ip: string,
): Promise<Record<MergeRecord, number>> {
  const { keepId, dropId, reason } = input;
  refuseSelf(staff, keepId, dropId);
  const rt = await runtime();
  const moved = await rt.database.db.transaction(async (tx) => {
    const plan = await planOf(tx, keepId, dropId, true);
    if (plan.keep.closed || plan.drop.closed) throw new AppError(ErrorCode.DATA_CHECK, null, { key: 'accountClosed' });
    const [conflict] = plan.conflicts;
    if (conflict) throw new AppError(ErrorCode.DATA_CHECK, { conflicts: plan.conflicts }, { key: conflict });
    for (const [, table] of MOVED)
      await tx.execute(sql`UPDATE ${sql.identifier(table)} SET account_id = ${keepId} WHERE account_id = ${dropId}`);
    // The review items of the moved applications name their applicant too: the guards that keep a
    // reviewer off their own application read it.
    await tx.execute(sql`UPDATE review_items SET applicant_id = ${keepId} WHERE applicant_id = ${dropId}`);
    // Reviewer expertise and the LINE link where the staying account has none; the rest of the
    // going account's sign-in means (sessions, pending LINE sign-ins, second factor) end with it.
    await tx.execute(sql`
      UPDATE reviewer_expertise SET account_id = ${keepId} WHERE account_id = ${dropId}
        AND NOT EXISTS (SELECT 1 FROM reviewer_expertise WHERE account_id = ${keepId})`);
    for (const table of ['reviewer_expertise', 'second_factors', 'recovery_codes', 'passkeys', 'oauth_states'])
      await tx.execute(sql`DELETE FROM ${sql.identifier(table)} WHERE account_id = ${dropId}`);
    await tx.execute(sql`DELETE FROM sessions WHERE user_type = 'individual' AND account_id = ${dropId}`);
    // The links mailed to its address end with it, as when an account is closed.
    await voidResetChallenges(tx, plan.drop.email, 'individual');
    await voidEmailVerifications(tx, plan.drop.email);
    const line = await tx.execute<{ line_user_id: string | null }>(
      sql`SELECT line_user_id FROM accounts WHERE id = ${dropId}`,
    );
    const now = new Date();
    await tx.execute(sql`
      UPDATE accounts SET closed_at = ${now}, merged_into = ${keepId}, line_user_id = NULL, updated_at = ${now}
      WHERE id = ${dropId}`);
    await tx.execute(sql`
      UPDATE accounts SET line_user_id = coalesce(line_user_id, ${line.rows[0]?.line_user_id ?? null}), updated_at = ${now}
      WHERE id = ${keepId}`);
    const actor = { userType: 'individual' as const, accountId: staff.accountId };
    await recordAudit(tx, [
      {
        actor,
        action: 'person.merged',
        ip,
        target: { type: 'account', id: keepId },
        detail: { reason, from: dropId, fromEmail: plan.drop.email, moved: plan.moves },
      },
      {
        actor,
        action: 'person.mergedAway',
        ip,
        target: { type: 'account', id: dropId },
        before: { closedAt: null },
        after: { closedAt: now.toISOString(), mergedInto: keepId },
        detail: { reason, into: keepId, intoEmail: plan.keep.email },
      },
    ]);
    return plan.moves;
  });
  // Whatever this process keeps of either account (their pages, their credit summaries).
  rt.cache.clear();
  return moved;
}
