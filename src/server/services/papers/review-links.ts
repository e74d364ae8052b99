import { and, eq, gt, isNull } from 'drizzle-orm';
import { ErrorCode } from '../../../lib/error-codes';
import type { I18nText } from '../../../lib/i18n-text';
import { linkProblem, type ReviewLinkProblem } from '../../../lib/papers/model';
import { newToken, tokenHash } from '../../auth/secrets';
import type { Executor } from '../../db/client';
import { reviewAssignments, reviewLinks } from '../../db/schema';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';

/**
 * The mailed review links (decision record 015). A link opens one assignment without signing in:
 * opening it shows what it is for and changes nothing (mail scanners open links); the reviewer's
 * POST with their declaration uses it up, and the browser then holds an access token for that
 * assignment alone (the `ams-review` cookie). A link works once, until it expires, and stops when
 * the editor takes the assignment back or sends a new link; the paper leaving review stops it too.
 * Neither a link nor its access opens anything for an account no longer holding `reviewer:paper`
 * (revoking the role takes the open assignments back as well: services/roles/take-back-reviews.ts).
 */

/** The cookie holding a used link's access token. */
export const REVIEW_ACCESS_COOKIE = 'ams-review';
const DAY_MS = 86_400_000;
/** A link works until this long after the review's due date. */
export const LINK_DAYS_AFTER_DUE = 14;
/** The access a used link gives lasts until this long after the due date (at least this long from use). */
export const ACCESS_DAYS_AFTER_DUE = 30;

/**
 * A new link for an assignment, in the caller's transaction: every earlier link of it not used
 * yet stops working. Answers the token (only ever in the mail) and its expiry.
 */
export async function issueReviewLink(
  tx: Executor,
  assignmentId: number,
  dueAt: Date,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  await tx
    .update(reviewLinks)
    .set({ revokedAt: now })
    .where(and(eq(reviewLinks.assignmentId, assignmentId), isNull(reviewLinks.usedAt), isNull(reviewLinks.revokedAt)));
  const token = newToken();
  const expiresAt = new Date(Math.max(dueAt.getTime(), now.getTime()) + LINK_DAYS_AFTER_DUE * DAY_MS);
  await tx.insert(reviewLinks).values({ assignmentId, tokenHash: tokenHash(token), expiresAt });
  return { token, expiresAt };
}

/** A link as its page shows it: the paper it is for, or why it no longer works. */
export interface LinkState {
  problem: ReviewLinkProblem | null;
  assignmentId: number | null;
  paperId: number | null;
  dueAt: Date | null;
  expiresAt: Date | null;
}

/** Whether the assignment's (`a`) reviewer holds the paper reviewer's role, as SQL. */
const HOLDS_ROLE = `EXISTS (SELECT 1 FROM account_roles r WHERE r.account_id = a.reviewer_id AND r.role = 'reviewer:paper')`;

// With what the link's page shows of its paper: number, title and call, never its authors.
const LINK_STATE = `
  SELECT l.id, l.assignment_id, l.expires_at, l.used_at, l.revoked_at, a.revoked_at AS assignment_revoked_at,
    ${HOLDS_ROLE} AS holds_role,
    a.due_at, i.subject_id, i.status AS item_status, p.number AS paper_number, p.title AS paper_title,
    c.name AS call_name
  FROM review_links l JOIN review_assignments a ON a.id = l.assignment_id JOIN review_items i ON i.id = a.item_id
    LEFT JOIN papers p ON p.id = i.subject_id LEFT JOIN posts c ON c.id = p.post_id
  WHERE l.token_hash = $1 AND i.queue = 'paper'`;

async function linkRow(token: string): Promise<Record<string, unknown> | undefined> {
  const { prepared } = (await runtime()).database;
  const [row] =
    token.length > 20 && token.length < 100 ? await prepared('review_link_state', LINK_STATE, [tokenHash(token)]) : [];
  return row;
}

/** What a link is (read only: opening a link changes nothing). */
export async function readReviewLink(token: string, now = new Date()): Promise<LinkState> {
  return linkStateOf(await linkRow(token), now);
}

function linkStateOf(row: Record<string, unknown> | undefined, now: Date): LinkState {
  if (!row) return { problem: 'linkUnknown', assignmentId: null, paperId: null, dueAt: null, expiresAt: null };
  const date = (v: unknown) => (v === null ? null : new Date(v as string));
  const problem = linkProblem(
    {
      revokedAt: date(row.revoked_at),
      assignmentRevokedAt: date(row.assignment_revoked_at),
      roundOpen: row.item_status === 'open',
      reviewerHoldsRole: row.holds_role === true,
      usedAt: date(row.used_at),
      expiresAt: date(row.expires_at)!,
    },
    now,
  );
  return {
    problem,
    assignmentId: row.assignment_id as number,
    paperId: row.subject_id as number,
    dueAt: date(row.due_at),
    expiresAt: date(row.expires_at),
  };
}

/** What a link's page invites its reader to review: the paper's number and title and the call, with the due time. */
export interface LinkInvitation extends LinkState {
  paper: { number: string; title: { zh: string; en: string }; callName: I18nText | null } | null;
}

/**
 * A link as its page shows it, in one statement and read only: its state, and while it works the
 * paper's number, title and call (never its authors).
 */
export async function reviewLinkInvitation(token: string, now = new Date()): Promise<LinkInvitation> {
  const row = await linkRow(token);
  const state = linkStateOf(row, now);
  if (!row || state.problem !== null || row.paper_number == null) return { ...state, paper: null };
  return {
    ...state,
    paper: {
      number: row.paper_number as string,
      title: row.paper_title as { zh: string; en: string },
      callName: (row.call_name as I18nText | null) ?? null,
    },
  };
}

/**
 * Uses a link with the reviewer's declaration, in one transaction: the link is spent (of two uses
 * at once one wins), the declaration recorded on the assignment (a conflict declines it), and with
 * no conflict an access token is answered for the browser. -8 with the link's problem otherwise.
 */
export async function claimReviewLink(
  token: string,
  declaration: 'none' | 'conflict',
  now = new Date(),
): Promise<{ paperId: number; access: { token: string; expiresAt: Date } | null }> {
  const state = await readReviewLink(token, now);
  if (state.problem) throw new AppError(ErrorCode.TOKEN_INVALID, { reason: state.problem }, { key: state.problem });
  const { db } = (await runtime()).database;
  const access = declaration === 'none' ? newToken() : null;
  const accessExpiresAt = new Date(Math.max(now.getTime(), state.dueAt!.getTime()) + ACCESS_DAYS_AFTER_DUE * DAY_MS);
  await db.transaction(async (tx) => {
    const spent = await tx
      .update(reviewLinks)
      .set({
        usedAt: now,
        accessHash: access ? tokenHash(access) : null,
        accessExpiresAt: access ? accessExpiresAt : null,
      })
      .where(
        and(
          eq(reviewLinks.tokenHash, tokenHash(token)),
          isNull(reviewLinks.usedAt),
          isNull(reviewLinks.revokedAt),
          gt(reviewLinks.expiresAt, now),
        ),
      )
      .returning({ id: reviewLinks.id });
    if (spent.length === 0) throw new AppError(ErrorCode.TOKEN_INVALID, { reason: 'linkUsed' }, { key: 'linkUsed' });
    // A declaration made before (signed in, or an earlier link) stands.
    await tx
      .update(reviewAssignments)
      .set({ declaration })
      .where(and(eq(reviewAssignments.id, state.assignmentId!), isNull(reviewAssignments.declaration)));
  });
  return { paperId: state.paperId!, access: access ? { token: access, expiresAt: accessExpiresAt } : null };
}

const ACCESS = `
  SELECT a.id AS assignment_id, a.reviewer_id, i.subject_id
  FROM review_links l JOIN review_assignments a ON a.id = l.assignment_id JOIN review_items i ON i.id = a.item_id
  WHERE l.access_hash = $1 AND l.access_expires_at > $2::timestamptz AND l.revoked_at IS NULL
    AND a.revoked_at IS NULL AND i.queue = 'paper' AND ${HOLDS_ROLE}`;

/**
 * The assignment a browser's access token opens (one statement), or null: unknown, expired, taken
 * back by the editor, or its reviewer no longer holds `reviewer:paper`.
 */
export async function reviewAccess(
  token: string | null,
  now = new Date(),
): Promise<{ assignmentId: number; reviewerId: number; paperId: number } | null> {
  if (!token || token.length < 20 || token.length > 100) return null;
  const { prepared } = (await runtime()).database;
  const [row] = await prepared('review_access', ACCESS, [tokenHash(token), now.toISOString()]);
  if (!row) return null;
  return {
    assignmentId: row.assignment_id as number,
    reviewerId: row.reviewer_id as number,
    paperId: row.subject_id as number,
  };
}

/** Stops every link of an assignment (taken back, or the paper left review). */
export async function revokeLinks(tx: Executor, assignmentId: number, now = new Date()): Promise<void> {
  await tx
    .update(reviewLinks)
    .set({ revokedAt: now })
    .where(and(eq(reviewLinks.assignmentId, assignmentId), isNull(reviewLinks.revokedAt)));
}
