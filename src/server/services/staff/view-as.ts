/**
 * The member's own view, opened by the office (DESIGN.md §19): an office worker looks at a
 * member's pages exactly as the member sees them, to answer "what does my page say?" without
 * asking for their password. The worker's session shows the member for a while
 * (`VIEW_MINUTES`), read-only: `endpoint()` refuses every write and every state-changing GET,
 * the middleware every page form, and the member's roles do not come along (a reviewer's or an
 * officer's desks stay closed). The view ends when the worker ends it, when its time is up, when
 * the session's second factor lapses or when the worker loses the office role (the session
 * lookup checks all three). Opening it is audited with the member as the target.
 */
import { eq } from 'drizzle-orm';
import { ErrorCode } from '../../../lib/error-codes';
import type { Actor } from '../../auth/sessions';
import { accounts, sessions } from '../../db/schema';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { recordAudit } from '../accounts/audit';

/** How long one look at a member's pages lasts. */
export const VIEW_MINUTES = 30;

/** Starts viewing `accountId`'s pages from the worker's session; the member must exist and be open. */
export async function startViewing(staff: Actor, accountId: number, ip: string): Promise<{ until: Date }> {
  if (accountId === staff.accountId) throw new AppError(ErrorCode.DATA_CHECK, null, { key: 'viewOwn' });
  const { db } = (await runtime()).database;
  const until = new Date(Date.now() + VIEW_MINUTES * 60_000);
  await db.transaction(async (tx) => {
    const [account] = await tx.select({ closedAt: accounts.closedAt }).from(accounts).where(eq(accounts.id, accountId));
    if (!account) throw new AppError(ErrorCode.NO_DATA);
    if (account.closedAt) throw new AppError(ErrorCode.DATA_CHECK, null, { key: 'accountClosed' });
    await tx
      .update(sessions)
      .set({ viewingAccountId: accountId, viewingUntil: until })
      .where(eq(sessions.id, staff.sessionId));
    await recordAudit(tx, {
      actor: { userType: 'individual', accountId: staff.accountId },
      action: 'person.viewed',
      ip,
      target: { type: 'account', id: accountId },
      detail: { until: until.toISOString() },
    });
  });
  return { until };
}

/**
 * Ends the view (the session is the worker's own again) and answers whose pages were open, so
 * the browser can go back to that person's story. Ending a view that has already ended is fine.
 */
export async function stopViewing(actor: Actor): Promise<{ accountId: number | null }> {
  const { db } = (await runtime()).database;
  await db.update(sessions).set({ viewingAccountId: null, viewingUntil: null }).where(eq(sessions.id, actor.sessionId));
  return { accountId: actor.viewing ? actor.accountId : null };
}
