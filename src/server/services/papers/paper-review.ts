import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { addDays, type CalendarDate, endOfTaipeiDate, taipeiDate } from '../../../lib/calendar-date';
import { ErrorCode } from '../../../lib/error-codes';
import { localName, pickText } from '../../../lib/i18n-text';
import { isLocale, type Locale } from '../../../lib/locales';
import {
  PAPER_DECISIONS,
  PAPER_IN_REVIEW,
  type PaperAuthor,
  type PaperDecision,
  type PaperStatus,
  type Recommendation,
  paperTitle,
  type ReviewerSuggestion,
  type RevisablePart,
  sameInstitution,
} from '../../../lib/papers/model';
import { localePath } from '../../../lib/paths';
import { holdsRole } from '../../../lib/roles';
import type { Actor } from '../../auth/sessions';
import type { Executor } from '../../db/client';
import { requireRole } from '../../auth/staff-access';
import {
  accounts,
  files,
  paperReviews,
  papers,
  reviewAssignments,
  reviewerExpertise,
  reviewLinks,
} from '../../db/schema';
import { AppError } from '../../app-error';
import type { MailMessage } from '../../integrations/mail/mailer';
import { enqueueMails } from '../../integrations/mail/outbox';
import {
  paperDecision,
  paperNotice,
  reviewInvite,
  type ReviewInviteKind,
} from '../../integrations/mail/paper-templates';
import { runtime } from '../../runtime';
import type { StoredFile } from '../site/read-file';
import { privateFile } from '../files/private-files';
import { type MailSite, mailSite } from '../mail/mail-site';
import { type AuditActor, recordAudit } from '../accounts/audit';
import { auditAssignment, type Holder, lockedHolders } from '../reviews/assignment-audit';
import { giveAssignment, recordDecision, takeBackAssignment } from '../reviews/engine';
import { roleHoldersToMail } from '../roles/role-holders';
import { callIn, type CallRow, loadCalls } from './calls';
import { movePaper } from './papers';
import { issueReviewLink, revokeLinks } from './review-links';
import { paperMailAbout } from './submit';

const DAY_MS = 86_400_000;
const MAIL_KEEP_MS = 45 * DAY_MS;

/**
 * Who reads a paper for review: an editor (holder of `editor`, not one of its authors), or a
 * reviewer through one assignment (signed in, or by a used mailed link: `via`).
 */
export type PaperViewer =
  | { kind: 'editor'; accountId: number }
  | { kind: 'reviewer'; accountId: number; assignmentId: number | null; via: 'session' | 'link' };

/** The reader of a review page or call: a signed-in editor or reviewer, or the holder of a used link. */
export type ReviewReader =
  | { actor: Actor; link?: undefined }
  | { actor?: null | undefined; link: { assignmentId: number; reviewerId: number; paperId: number } };

/** Everything about a paper the review side reads, in one statement; filtered per reader below. */
const PAPER_COLUMNS = `
  p.id, p.post_id, p.account_id, p.number, p.status, p.title, p.abstract, p.topic_code, p.keywords, p.authors,
    p.round, p.submitted_at, p.revision_due_at, p.locale, acc.email AS owner_email,
    (SELECT json_agg(json_build_array(pf.round, pf.file_id, f.size, f.metadata_stripped) ORDER BY pf.round)
       FROM paper_files pf JOIN files f ON f.id = pf.file_id WHERE pf.paper_id = p.id) AS files,
    (SELECT json_agg(json_build_array(i.id, i.status, i.due_at) ORDER BY i.id)
       FROM review_items i WHERE i.queue = 'paper' AND i.subject_id = p.id) AS items,
    (SELECT json_agg(json_build_array(a.id, a.item_id, a.reviewer_id, r.name_zh, r.name_en, a.declaration, a.due_at,
          a.revoked_at, a.at, pr.scores, pr.recommendation, pr.to_authors, pr.to_editor, pr.submitted_at,
          (SELECT max(l.used_at) FROM review_links l WHERE l.assignment_id = a.id)) ORDER BY a.id)
       FROM review_assignments a JOIN review_items i ON i.id = a.item_id JOIN accounts r ON r.id = a.reviewer_id
       LEFT JOIN paper_reviews pr ON pr.assignment_id = a.id
       WHERE i.queue = 'paper' AND i.subject_id = p.id) AS assignments,
    (SELECT json_agg(json_build_array(h.from_status, h.to_status, h.actor_type, coalesce(h.comment, ''), h.at)
       ORDER BY h.at, h.id) FROM paper_history h WHERE h.paper_id = p.id) AS history,
    (SELECT json_agg(json_build_array(d.item_id, d.decision, d.comment, d.at) ORDER BY d.at, d.id)
       FROM review_decisions d JOIN review_items i ON i.id = d.item_id
       WHERE i.queue = 'paper' AND i.subject_id = p.id) AS decisions`;
const PAPER_FROM = `FROM papers p JOIN accounts acc ON acc.id = p.account_id WHERE p.id = $1 AND p.status <> 'draft'`;
const PAPER_FOR_REVIEW = `SELECT ${PAPER_COLUMNS} ${PAPER_FROM}`;

type Row = Record<string, unknown>;
const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
const iso = (v: unknown) => date(v)?.toISOString() ?? null;

/** One reviewer's report as sent: the scores by criterion, the recommendation and the comments. */
export interface ReviewReport {
  scores: Record<string, number>;
  recommendation: Recommendation | null;
  toAuthors: string;
  toEditor: string;
  submittedAt: string | null;
}

interface AssignmentFacts {
  assignmentId: number;
  itemId: number;
  reviewerId: number;
  reviewerName: string;
  declaration: 'none' | 'conflict' | null;
  dueAt: string | null;
  revoked: boolean;
  assignedAt: string;
  linkUsedAt: string | null;
  report: ReviewReport | null;
}

function assignmentsOf(row: Row, locale: Locale): AssignmentFacts[] {
  type Tuple = [
    number,
    number,
    number,
    string,
    string,
    AssignmentFacts['declaration'],
    string | null,
    string | null,
    string,
    Record<string, number> | null,
    Recommendation | null,
    string | null,
    string | null,
    string | null,
    string | null,
  ];
  return ((row.assignments ?? []) as Tuple[]).map(
    ([
      id,
      itemId,
      reviewerId,
      nameZh,
      nameEn,
      declaration,
      dueAt,
      revokedAt,
      at,
      scores,
      recommendation,
      toAuthors,
      toEditor,
      submittedAt,
      linkUsedAt,
    ]) => ({
      assignmentId: id,
      itemId,
      reviewerId,
      reviewerName: localName({ zh: nameZh, en: nameEn }, locale),
      declaration,
      dueAt: iso(dueAt),
      revoked: revokedAt !== null,
      assignedAt: iso(at)!,
      linkUsedAt: iso(linkUsedAt),
      report:
        scores === null
          ? null
          : {
              scores,
              recommendation,
              toAuthors: toAuthors ?? '',
              toEditor: toEditor ?? '',
              submittedAt: iso(submittedAt),
            },
    }),
  );
}

/** Whether `account` is one of the paper's authors: its submitter, or an author by e-mail. */
function isAuthor(row: Row, account: { id: number; email: string }): boolean {
  if (row.account_id === account.id) return true;
  const email = account.email.trim().toLowerCase();
  return (
    (row.authors as PaperAuthor[]).some((a) => a.email.trim().toLowerCase() === email) || row.owner_email === email
  );
}

/** The paper's items (one per round), oldest first, and the open one. */
function itemsOf(row: Row) {
  const items = ((row.items ?? []) as [number, 'open' | 'decided' | 'withdrawn', string][]).map(
    ([id, status, dueAt], i) => ({
      itemId: id,
      round: i + 1,
      status,
      dueAt: iso(dueAt)!,
    }),
  );
  return { items, open: items.find((i) => i.status === 'open') ?? null };
}

/**
 * The office viewing a member's pages (services/staff/view-as.ts) reads none of the papers that
 * member reviews or edits: a paper under review is for its editor-in-chief and its reviewers
 * themselves (-11, as the other review desks answer while viewing).
 */
function refuseWhileViewing(reader: ReviewReader): void {
  if (reader.actor?.viewing)
    throw new AppError(ErrorCode.NO_PERMISSION, { reason: 'viewing' }, { key: 'reviewWhileViewing' });
}

/**
 * Who the reader is for this paper, or -11: an editor who is none of its authors; a holder of
 * `reviewer:paper` with an assignment on it not taken back (or who declared a conflict: they see
 * that and nothing more); never the office viewing a member's pages. A used link's access opens its
 * assignment only while its reviewer holds the role (`reviewAccess`). A reader who is neither learns
 * nothing more than an unknown paper would tell (-6 first when the paper does not exist or is a
 * draft).
 */
function viewerOf(row: Row, reader: ReviewReader, assignments: AssignmentFacts[]): PaperViewer {
  refuseWhileViewing(reader);
  if (reader.link) {
    const own = assignments.find((a) => a.assignmentId === reader.link.assignmentId && !a.revoked);
    if (!own || reader.link.paperId !== row.id) throw new AppError(ErrorCode.NO_PERMISSION);
    return { kind: 'reviewer', accountId: reader.link.reviewerId, assignmentId: own.assignmentId, via: 'link' };
  }
  const { actor } = reader;
  const account = actor.account;
  if (account.userType !== 'individual') throw new AppError(ErrorCode.NO_PERMISSION);
  if (isAuthor(row, { id: actor.accountId, email: account.email }))
    throw new AppError(ErrorCode.NO_PERMISSION, { reason: 'ownApplication' }, { key: 'reviewOwn' });
  if (holdsRole(account, 'editorInChief')) return { kind: 'editor', accountId: actor.accountId };
  const mine = assignments.filter((a) => a.reviewerId === actor.accountId && !a.revoked);
  if (mine.length === 0)
    throw new AppError(ErrorCode.NO_PERMISSION, { reason: 'notAssigned' }, { key: 'reviewNotAssigned' });
  // An assignment whose reviewer lost the role (a report sent before, which stays) opens nothing.
  if (!holdsRole(account, 'reviewer:paper')) throw new AppError(ErrorCode.NO_PERMISSION, { reason: 'noRole' });
  return { kind: 'reviewer', accountId: actor.accountId, assignmentId: mine.at(-1)!.assignmentId, via: 'session' };
}

/** The paper's row; with the reviewer pool (`pool`) when `withPool` (the reader may be its editor). */
async function readPaperRow(paperId: number, withPool = false): Promise<Row> {
  const { prepared } = (await runtime()).database;
  const [row] = withPool
    ? await prepared('paper_for_editor', PAPER_FOR_EDITOR, [paperId])
    : await prepared('paper_for_review', PAPER_FOR_REVIEW, [paperId]);
  if (!row) throw new AppError(ErrorCode.NO_DATA);
  return row;
}

/**
 * The `reviewer:paper` pool (names, workplace, expertise, reviews open now), read with the paper
 * when the reader holds `editor`: one statement for the editor's page as for the reviewer's.
 */
const REVIEWER_POOL = `
  (SELECT json_agg(json_build_array(ac.id, ac.name_zh, ac.name_en, ac.email, ac.workplace, e.topics, e.keywords,
      (SELECT count(*) FROM review_assignments a JOIN review_items i ON i.id = a.item_id
        WHERE a.reviewer_id = ac.id AND i.status = 'open' AND a.revoked_at IS NULL)))
    FROM account_roles r JOIN accounts ac ON ac.id = r.account_id
    LEFT JOIN reviewer_expertise e ON e.account_id = ac.id
    WHERE r.role = 'reviewer:paper') AS pool`;
const PAPER_FOR_EDITOR = `SELECT ${PAPER_COLUMNS}, ${REVIEWER_POOL} ${PAPER_FROM}`;

/**
 * The editor's choice of reviewers for a paper: every holder of `reviewer:paper`, those who fit the
 * paper's topic and keywords first, then the least busy; authors and people from an author's
 * institution are listed as excluded (and `assign` refuses them).
 */
function suggestReviewers(row: Row, assigned: AssignmentFacts[], locale: Locale): ReviewerSuggestion[] {
  type Tuple = [number, string | null, string | null, string, string | null, string[] | null, string[] | null, number];
  const authors = row.authors as PaperAuthor[];
  const keywords = (row.keywords as string[]).map((k) => k.trim().toLowerCase());
  const { open } = itemsOf(row);
  const list = ((row.pool ?? []) as Tuple[]).map(([id, nameZh, nameEn, email, place, topics, theirKeywords, load]) => {
    const workplace = place ?? '';
    const theirs = (theirKeywords ?? []).map((k) => k.trim().toLowerCase());
    const author = isAuthor(row, { id, email });
    const institution = !author && authors.some((a) => sameInstitution(a.affiliation, workplace));
    const taken = assigned.some((a) => a.reviewerId === id && !a.revoked && a.itemId === open?.itemId);
    return {
      accountId: id,
      name: localName({ zh: nameZh, en: nameEn }, locale),
      workplace,
      topicMatch: row.topic_code !== '' && (topics ?? []).includes(row.topic_code as string),
      keywordMatches: keywords.filter((k) => theirs.includes(k)),
      openReviews: Number(load),
      excluded: author
        ? ('author' as const)
        : institution
          ? ('institution' as const)
          : taken
            ? ('assigned' as const)
            : null,
    };
  });
  const fit = (s: ReviewerSuggestion) => (s.topicMatch ? 10 : 0) + s.keywordMatches.length;
  return list.sort(
    (a, b) =>
      Number(a.excluded !== null) - Number(b.excluded !== null) ||
      fit(b) - fit(a) ||
      a.openReviews - b.openReviews ||
      a.name.localeCompare(b.name),
  );
}

/** A paper as its review page shows it to this reader. Reviewers never learn other reviewers' names; in a blind call, nor the authors'. */
export async function readPaperForReview(reader: ReviewReader, paperId: number, locale: Locale) {
  const row = await readPaperRow(paperId, reader.actor ? holdsRole(reader.actor.account, 'editorInChief') : false);
  const calls = await loadCalls();
  const call = callIn(calls, row.post_id as number);
  const assignments = assignmentsOf(row, locale);
  const viewer = viewerOf(row, reader, assignments);
  const { items, open } = itemsOf(row);
  const files = ((row.files ?? []) as [number, number, number, boolean | null][]).map(
    ([round, fileId, size, stripped]) => ({
      round,
      fileId,
      size: Number(size),
      metadataStripped: stripped,
    }),
  );
  const authors = row.authors as PaperAuthor[];
  const base = {
    paperId: row.id as number,
    number: row.number as string,
    status: row.status as PaperStatus,
    call: { postId: call.id, name: pickText(call.name, locale), blind: call.blind },
    title: row.title as { zh: string; en: string },
    topic: pickText(call.topics.find((t) => t.code === row.topic_code)?.name, locale),
    keywords: row.keywords as string[],
    round: row.round as number,
    rubric: call.rubric.map((c) => ({ code: c.code, label: pickText(c.label, locale), max: c.max })),
    openItem: open,
  };
  if (viewer.kind === 'editor') {
    return {
      viewer,
      ...base,
      abstract: row.abstract as { zh: string; en: string },
      authors,
      files,
      items,
      assignments,
      history: historyOf(row),
      decisions: decisionsOf(row),
      suggestions: suggestReviewers(row, assignments, locale),
      revisionDueAt: iso(row.revision_due_at),
    };
  }
  const mine = assignments.find((a) => a.assignmentId === viewer.assignmentId)!;
  const declared = mine.declaration === 'none';
  const myItem = items.find((i) => i.itemId === mine.itemId)!;
  return {
    viewer,
    ...base,
    // Before the declaration: what the paper is (and, in an open call, who wrote it: what a conflict is about).
    authors: call.blind ? null : authors,
    assignment: { ...mine, reviewerName: '', round: myItem.round, itemOpen: myItem.status === 'open' },
    abstract: declared ? (row.abstract as { zh: string; en: string }) : null,
    // The manuscript of the round they review.
    files: declared ? files.filter((f) => f.round === myItem.round) : [],
  };
}

export type PaperForReview = Awaited<ReturnType<typeof readPaperForReview>>;

function historyOf(row: Row) {
  return ((row.history ?? []) as [PaperStatus | null, PaperStatus, string, string, string][]).map(
    ([from, to, by, comment, at]) => ({ from, to, by, comment, at: iso(at)! }),
  );
}

function decisionsOf(row: Row) {
  return ((row.decisions ?? []) as [number, string, string, string][]).map(([itemId, decision, comment, at]) => ({
    itemId,
    decision,
    comment,
    at: iso(at)!,
  }));
}

/** -11 unless the actor is the editor-in-chief; answers the paper's row for the checks that follow. */
async function editorsPaper(
  actor: Actor,
  paperId: number,
): Promise<{ row: Row; call: CallRow; assignments: AssignmentFacts[] }> {
  requireRole(actor, 'editorInChief');
  const row = await readPaperRow(paperId);
  const assignments = assignmentsOf(row, 'zh-tw');
  viewerOf(row, { actor }, assignments);
  const calls = await loadCalls();
  return { row, call: callIn(calls, row.post_id as number), assignments };
}

/** A reviewer's address, name and language for their mail, and their workplace (-6 unknown). */
export async function reviewerContact(accountId: number) {
  const { db } = (await runtime()).database;
  const [r] = await db
    .select({
      email: accounts.email,
      nameZh: accounts.nameZh,
      nameEn: accounts.nameEn,
      locale: accounts.preferredLocale,
      workplace: accounts.workplace,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!r) throw new AppError(ErrorCode.NO_DATA);
  const locale: Locale = isLocale(r.locale) ? r.locale : 'zh-tw';
  return { email: r.email, locale, name: localName({ zh: r.nameZh, en: r.nameEn }, locale), workplace: r.workplace };
}

/** The mail of a review link (invitation or reminder) or of its withdrawal, in the reviewer's language. */
export function reviewMail(
  kind: ReviewInviteKind,
  site: MailSite,
  reviewer: { email: string; locale: Locale; name: string },
  paper: { id: number; number: string; title: { zh: string; en: string } },
  call: CallRow,
  dueAt: Date,
  link: { token: string; expiresAt: Date } | null,
): MailMessage {
  const locale = reviewer.locale;
  const url =
    site.origin +
    (link
      ? `${localePath('/member/paperReview/emailClaim', locale)}?token=${encodeURIComponent(link.token)}`
      : localePath(`/member/paperReview/${paper.id}`, locale));
  return {
    to: reviewer.email,
    locale,
    ...reviewInvite({
      kind,
      siteName: site.siteName[locale],
      locale,
      name: reviewer.name,
      number: paper.number,
      title: paperTitle(paper.title, locale),
      call: pickText(call.name, locale),
      url,
      dueAt,
      ...(link ? { linkExpiresAt: link.expiresAt } : {}),
    }),
  };
}

/**
 * An editor assigns a reviewer to a paper's open round, due at the end of `dueOn` (Taipei; by
 * default the call's review days from today): see `assignPaperRound`. Audited `review.assigned`
 * with the round's reviewers before and after, as the console's assignment.
 */
export async function assignReviewer(
  actor: Actor,
  input: { paperId: number; reviewerId: number; dueOn?: string | undefined },
  ip: string,
) {
  const found = await editorsPaper(actor, input.paperId);
  const item = { id: itemsOf(found.row).open?.itemId ?? 0, queue: 'paper' as const, subjectId: input.paperId };
  let before: Holder[] = [];
  await assignPaperRound(actor.accountId, found, input, {
    async before(tx) {
      before = await lockedHolders(tx, item.id);
    },
    after: (tx, assignmentId) =>
      auditAssignment(tx, {
        actor: auditActorOf(actor),
        ip,
        action: 'review.assigned',
        item,
        before,
        assignmentId,
        reviewerId: input.reviewerId,
      }),
  });
}

function auditActorOf(actor: Actor): AuditActor {
  return { userType: 'individual', accountId: actor.accountId };
}

/** The caller's steps in an assignment's transaction: its checks before the change, its audit after. */
export interface AssignmentSteps {
  before(tx: Executor): Promise<void>;
  after(tx: Executor, assignmentId: number): Promise<void>;
}

/**
 * A supervisor (the console's queues) gives a paper's open round to a reviewer, or takes one
 * assignment back (`replaces`) and gives it to another, with `within` run in the same transaction
 * (the console's checks before, its audit after): see `assignPaperRound`.
 */
export async function assignPaperFromConsole(
  actorId: number,
  paperId: number,
  input: { reviewerId: number; dueOn?: string | undefined; replaces?: number | null | undefined },
  within: AssignmentSteps,
) {
  const row = await readPaperRow(paperId);
  const calls = await loadCalls();
  const found = { row, call: callIn(calls, row.post_id as number), assignments: assignmentsOf(row, 'zh-tw') };
  await assignPaperRound(actorId, found, input, within);
}

/**
 * Gives a paper's open round to a reviewer (the engine's `giveAssignment`: a holder of
 * `reviewer:paper`, not the submitter, no conflict declared, not holding it already), due at the
 * end of `dueOn`: none of its authors and from none of their institutions either (-10
 * `reviewerConflict`). With `replaces`, that assignment of the round is taken back first (its
 * links stop, its reviewer is told). The reviewer is mailed a link of their own; a paper waiting
 * for reviewers is now under review.
 */
async function assignPaperRound(
  actorId: number,
  { row, call, assignments }: { row: Row; call: CallRow; assignments: AssignmentFacts[] },
  input: { reviewerId: number; dueOn?: string | undefined; replaces?: number | null | undefined },
  within: AssignmentSteps,
) {
  const { open } = itemsOf(row);
  if (!open || !PAPER_IN_REVIEW.includes(row.status as PaperStatus))
    throw new AppError(ErrorCode.DATA_CHECK, { reason: 'paperChanged' }, { key: 'paperNotInReview' });
  const today = taipeiDate();
  const dueOn = (input.dueOn ?? addDays(today, call.reviewDays)) as CalendarDate;
  if (dueOn < today || dueOn > addDays(today, 365))
    throw new AppError(ErrorCode.DATA_CHECK, { fields: ['dueOn'] }, { key: 'reviewDueInvalid' });
  const dueAt = endOfTaipeiDate(dueOn);
  const reviewer = await reviewerContact(input.reviewerId);
  const authors = row.authors as PaperAuthor[];
  if (isAuthor(row, { id: input.reviewerId, email: reviewer.email }))
    throw new AppError(ErrorCode.DATA_CHECK, { fields: ['reviewerId'], reason: 'author' }, { key: 'reviewerConflict' });
  if (authors.some((a) => sameInstitution(a.affiliation, reviewer.workplace)))
    throw new AppError(
      ErrorCode.DATA_CHECK,
      { fields: ['reviewerId'], reason: 'institution' },
      { key: 'reviewerConflict' },
    );
  const replaced =
    input.replaces === undefined || input.replaces === null
      ? null
      : assignments.find((a) => a.assignmentId === input.replaces && a.itemId === open.itemId && !a.revoked);
  if (replaced === undefined)
    throw new AppError(ErrorCode.DATA_CHECK, { reason: 'assignmentClosed' }, { key: 'assignmentClosed' });
  if (replaced) refuseReported(replaced);
  const former = replaced ? await reviewerContact(replaced.reviewerId) : null;
  const site = await mailSite();
  const { db } = (await runtime()).database;
  await db.transaction(async (tx) => {
    const now = new Date();
    await within.before(tx);
    if (replaced) await takePaperAssignmentBack(tx, replaced, former!, site, paperOf(row), call, now);
    const assignmentId = await giveAssignment(tx, open.itemId, {
      reviewerId: input.reviewerId,
      assignedBy: actorId,
      dueAt,
    });
    if (row.status === 'submitted' || row.status === 'resubmitted')
      await movePaper(tx, { id: row.id as number, status: row.status as PaperStatus }, 'assign', {
        type: 'editor',
        id: actorId,
      });
    const link = await issueReviewLink(tx, assignmentId, dueAt);
    await enqueueMails(tx, [reviewMail('invitation', site, reviewer, paperOf(row), call, dueAt, link)], {
      kind: 'papers.reviewInvitation',
      eraseAfter: link.expiresAt,
    });
    await within.after(tx, assignmentId);
  });
}

/**
 * Takes an assignment back in the caller's transaction, the one way for a paper (the editor, the
 * console's reassignment, a revoked reviewer role): the engine's `takeBackAssignment`, its links
 * stop, and its reviewer is told.
 */
async function takePaperAssignmentBack(
  tx: Executor,
  assignment: { assignmentId: number; dueAt: string | Date | null },
  reviewer: Awaited<ReturnType<typeof reviewerContact>>,
  site: MailSite,
  paper: PaperRef,
  call: CallRow,
  now: Date,
) {
  await takeBackAssignment(tx, assignment.assignmentId, now);
  await revokeLinks(tx, assignment.assignmentId, now);
  await enqueueMails(
    tx,
    [reviewMail('revoked', site, reviewer, paper, call, new Date(assignment.dueAt ?? now), null)],
    {
      kind: 'papers.reviewRevoked',
      eraseAfter: new Date(now.getTime() + MAIL_KEEP_MS),
    },
  );
}

/** A reviewer who has sent their report has done the review: it is not taken back (-10 `reportSent`). */
function refuseReported(assignment: { report: { submittedAt: string | Date | null } | null }): void {
  if (assignment.report?.submittedAt)
    throw new AppError(ErrorCode.DATA_CHECK, { reason: 'reportSent' }, { key: 'reportSentNoTakeBack' });
}

/** What a reviewer's mail names a paper by. */
interface PaperRef {
  id: number;
  number: string;
  title: { zh: string; en: string };
}

function paperOf(row: Row): PaperRef {
  return { id: row.id as number, number: row.number as string, title: row.title as { zh: string; en: string } };
}

/**
 * Prepares, outside a transaction, taking back the paper assignments of a reviewer whose
 * `reviewer:paper` role is revoked (services/roles/take-back-reviews.ts): answers the step that
 * takes one back in the revocation's transaction, the editor's way (links stop, the reviewer told).
 */
export async function preparePaperTakeBack(reviewerId: number) {
  const reviewer = await reviewerContact(reviewerId);
  const site = await mailSite();
  const calls = await loadCalls();
  return async (
    tx: Executor,
    assignment: { assignmentId: number; subjectId: number; dueAt: Date | null },
    now: Date,
  ) => {
    const [paper] = await tx
      .select({ id: papers.id, number: papers.number, title: papers.title, postId: papers.postId })
      .from(papers)
      .where(eq(papers.id, assignment.subjectId));
    if (!paper) throw new AppError(ErrorCode.NO_DATA);
    const ref = { id: paper.id, number: paper.number ?? '', title: paper.title as { zh: string; en: string } };
    await takePaperAssignmentBack(tx, assignment, reviewer, site, ref, callIn(calls, paper.postId), now);
  };
}

/** The editor's hold on one assignment of a paper they may edit; -6 for another paper's. */
async function editorsAssignment(actor: Actor, paperId: number, assignmentId: number) {
  const found = await editorsPaper(actor, paperId);
  const assignment = found.assignments.find((a) => a.assignmentId === assignmentId);
  if (!assignment) throw new AppError(ErrorCode.NO_DATA);
  const { open } = itemsOf(found.row);
  if (assignment.revoked || assignment.itemId !== open?.itemId)
    throw new AppError(ErrorCode.DATA_CHECK, { reason: 'assignmentClosed' }, { key: 'assignmentClosed' });
  return { ...found, assignment };
}

/**
 * The editor takes an assignment back: its links stop at once, the reviewer's access ends, and
 * they are told. Audited `review.revoked` with the round's reviewers before and after. A reviewer
 * who has sent their report has done the review: -10 `reportSent`.
 */
export async function revokeAssignment(actor: Actor, input: { paperId: number; assignmentId: number }, ip: string) {
  const { row, call, assignment } = await editorsAssignment(actor, input.paperId, input.assignmentId);
  refuseReported(assignment);
  const reviewer = await reviewerContact(assignment.reviewerId);
  const site = await mailSite();
  const { db } = (await runtime()).database;
  await db.transaction(async (tx) => {
    const before = await lockedHolders(tx, assignment.itemId);
    const [sent] = await tx
      .select({ submittedAt: paperReviews.submittedAt })
      .from(paperReviews)
      .where(and(eq(paperReviews.assignmentId, assignment.assignmentId), isNotNull(paperReviews.submittedAt)));
    refuseReported({ report: sent ?? null });
    await takePaperAssignmentBack(tx, assignment, reviewer, site, paperOf(row), call, new Date());
    await auditAssignment(tx, {
      actor: auditActorOf(actor),
      ip,
      action: 'review.revoked',
      item: { id: assignment.itemId, queue: 'paper', subjectId: input.paperId },
      before,
      assignmentId: assignment.assignmentId,
      reviewerId: assignment.reviewerId,
    });
  });
}

/**
 * The editor sends a reviewer a new link (the earlier unused ones stop), for a lost or expired
 * mail. Audited `review.linkResent` with the expiry of the link that worked before and the new one's.
 */
export async function resendReviewLink(actor: Actor, input: { paperId: number; assignmentId: number }, ip: string) {
  const { row, call, assignment } = await editorsAssignment(actor, input.paperId, input.assignmentId);
  if (assignment.declaration === 'conflict')
    throw new AppError(ErrorCode.DATA_CHECK, { reason: 'assignmentClosed' }, { key: 'assignmentClosed' });
  const reviewer = await reviewerContact(assignment.reviewerId);
  const site = await mailSite();
  const dueAt = new Date(assignment.dueAt!);
  const { db } = (await runtime()).database;
  await db.transaction(async (tx) => {
    const [earlier] = await tx
      .select({ expiresAt: reviewLinks.expiresAt })
      .from(reviewLinks)
      .where(
        and(
          eq(reviewLinks.assignmentId, assignment.assignmentId),
          isNull(reviewLinks.usedAt),
          isNull(reviewLinks.revokedAt),
        ),
      )
      .orderBy(desc(reviewLinks.expiresAt))
      .limit(1);
    const link = await issueReviewLink(tx, assignment.assignmentId, dueAt);
    await enqueueMails(tx, [reviewMail('invitation', site, reviewer, paperOf(row), call, dueAt, link)], {
      kind: 'papers.reviewInvitation',
      eraseAfter: link.expiresAt,
    });
    await recordAudit(tx, {
      actor: auditActorOf(actor),
      action: 'review.linkResent',
      ip,
      target: { type: 'reviewItem', id: assignment.itemId },
      before: { linkExpiresAt: earlier?.expiresAt.toISOString() ?? null },
      after: { linkExpiresAt: link.expiresAt.toISOString() },
      detail: {
        queue: 'paper',
        subjectId: input.paperId,
        assignmentId: assignment.assignmentId,
        reviewerId: assignment.reviewerId,
      },
    });
  });
}

/** A reviewer's open assignment on a paper, or -11 (none, taken back, or the round is decided). */
function reviewersOpenAssignment(reader: ReviewReader, row: Row) {
  const assignments = assignmentsOf(row, 'zh-tw');
  const viewer = viewerOf(row, reader, assignments);
  if (viewer.kind !== 'reviewer')
    throw new AppError(ErrorCode.NO_PERMISSION, { reason: 'notAssigned' }, { key: 'reviewNotAssigned' });
  const { open } = itemsOf(row);
  const mine = assignments.find((a) => a.assignmentId === viewer.assignmentId);
  if (!mine || !open || mine.itemId !== open.itemId)
    throw new AppError(ErrorCode.DATA_CHECK, { reason: 'reviewClosed' }, { key: 'reviewClosed' });
  return mine;
}

/** A signed-in reviewer's declaration before the paper is shown: `none` opens it, `conflict` declines the review. */
export async function declarePaperInterests(reader: ReviewReader, paperId: number, declaration: 'none' | 'conflict') {
  const row = await readPaperRow(paperId);
  const mine = reviewersOpenAssignment(reader, row);
  if (mine.declaration !== null) return { declaration: mine.declaration };
  const { db } = (await runtime()).database;
  await db
    .update(reviewAssignments)
    .set({ declaration })
    .where(and(eq(reviewAssignments.id, mine.assignmentId), isNull(reviewAssignments.declaration)));
  return { declaration };
}

/**
 * A reviewer saves their report on the round they were given (a draft as they write, or sent):
 * scores on the call's rubric within each criterion's maximum; sending needs every score, a
 * recommendation and comments to the authors (-10 naming what is missing). A sent report is final.
 */
export async function saveReviewReport(
  reader: ReviewReader,
  input: {
    paperId: number;
    scores: Record<string, number>;
    recommendation: Recommendation | null;
    toAuthors: string;
    toEditor: string;
    submit: boolean;
  },
): Promise<{ savedAt: string; submitted: boolean }> {
  const row = await readPaperRow(input.paperId);
  const mine = reviewersOpenAssignment(reader, row);
  if (mine.declaration !== 'none')
    throw new AppError(ErrorCode.NO_PERMISSION, { reason: 'declarationNeeded' }, { key: 'reviewDeclare' });
  if (mine.report?.submittedAt)
    throw new AppError(ErrorCode.DATA_CHECK, { reason: 'reviewSent' }, { key: 'reviewSent' });
  const calls = await loadCalls();
  const call = callIn(calls, row.post_id as number);
  const { rubric } = call;
  const fields: string[] = [];
  for (const [code, score] of Object.entries(input.scores)) {
    const criterion = rubric.find((c) => c.code === code);
    if (!criterion || score > criterion.max) fields.push(`scores.${code}`);
  }
  if (input.submit) {
    for (const c of rubric) if (input.scores[c.code] === undefined) fields.push(`scores.${c.code}`);
    if (!input.recommendation) fields.push('recommendation');
    if (input.toAuthors.trim() === '') fields.push('toAuthors');
  }
  if (fields.length > 0)
    throw new AppError(ErrorCode.DATA_CHECK, { fields: [...new Set(fields)] }, { key: 'reviewIncomplete' });
  const now = new Date();
  const values = {
    scores: input.scores,
    recommendation: input.recommendation,
    toAuthors: input.toAuthors.trim(),
    toEditor: input.toEditor.trim(),
    updatedAt: now,
    submittedAt: input.submit ? now : null,
  };
  // A sent report is news for the editors-in-chief: each mailed in their language, linking the paper.
  const site = input.submit ? await mailSite() : null;
  const editors = input.submit ? await roleHoldersToMail(['editorInChief']) : [];
  const { db } = (await runtime()).database;
  await db.transaction(async (tx) => {
    const written = await tx
      .insert(paperReviews)
      .values({ assignmentId: mine.assignmentId, itemId: mine.itemId, paperId: input.paperId, ...values })
      .onConflictDoUpdate({
        target: paperReviews.assignmentId,
        set: values,
        setWhere: isNull(paperReviews.submittedAt),
      })
      .returning({ id: paperReviews.id });
    if (written.length === 0) throw new AppError(ErrorCode.DATA_CHECK, { reason: 'reviewSent' }, { key: 'reviewSent' });
    if (site && editors.length > 0)
      await enqueueMails(
        tx,
        editors.map((editor) => ({
          to: editor.email,
          locale: editor.locale,
          ...paperNotice(
            'forEditorsReport',
            paperMailAbout(
              site,
              paperOf(row),
              call,
              editor.locale,
              editor.name,
              `/member/paperReview/${paperOf(row).id}`,
            ),
          ),
        })),
        { kind: 'papers.reportReceived', eraseAfter: new Date(now.getTime() + MAIL_KEEP_MS) },
      );
  });
  return { savedAt: now.toISOString(), submitted: input.submit };
}

/**
 * The editor decides a round: accept, reject, or ask for a revision (naming what the author may
 * change and by when). In one transaction: the round's item decided (of two editors at once one
 * wins), the paper moved with its history, the reviewers who have not sent a report released (their
 * links stop), the decision audited (`paper.decided`, the status before and after), and the author
 * told in their language with the editor's comment and the reviewers' comments to the authors, by
 * label only.
 */
export async function decidePaper(
  actor: Actor,
  input: {
    paperId: number;
    decision: PaperDecision;
    comment: string;
    staffNote: string;
    reopened: RevisablePart[];
    revisionDays?: number | undefined;
  },
  ip: string,
) {
  const { row, call, assignments } = await editorsPaper(actor, input.paperId);
  const { open } = itemsOf(row);
  if (!open || !PAPER_IN_REVIEW.includes(row.status as PaperStatus))
    throw new AppError(ErrorCode.DATA_CHECK, { reason: 'paperChanged' }, { key: 'paperNotInReview' });
  if (input.decision === 'revise' && input.reopened.length === 0)
    throw new AppError(ErrorCode.DATA_CHECK, { fields: ['reopened'] }, { key: 'revisionPartsNeeded' });
  if (input.decision !== 'accept' && input.comment.trim() === '')
    throw new AppError(ErrorCode.KEY_MISSING, { fields: ['comment'] }, { key: 'reviewCommentNeeded' });
  const paperLocale: Locale = isLocale(row.locale) ? row.locale : 'zh-tw';
  const { db } = (await runtime()).database;
  const [owner] = await db
    .select({ email: accounts.email, nameZh: accounts.nameZh, nameEn: accounts.nameEn })
    .from(accounts)
    .where(eq(accounts.id, row.account_id as number));
  const site = await mailSite();
  const now = new Date();
  const revisionDueAt =
    input.decision === 'revise' ? new Date(now.getTime() + (input.revisionDays ?? call.revisionDays) * DAY_MS) : null;
  const sent = assignments.filter((a) => a.itemId === open.itemId && a.report?.submittedAt && a.declaration === 'none');
  const reviews = sent
    .map((a, i) => ({ label: String(i + 1), toAuthors: a.report!.toAuthors }))
    .filter((r) => r.toAuthors !== '');
  const event = input.decision === 'accept' ? 'accept' : input.decision === 'reject' ? 'reject' : 'requestRevision';
  const name = (paperLocale === 'en-us' ? owner!.nameEn || owner!.nameZh : owner!.nameZh || owner!.nameEn) ?? '';
  const mail = paperDecision({
    siteName: site.siteName[paperLocale],
    locale: paperLocale,
    name,
    number: row.number as string,
    title: paperTitle(row.title as { zh: string; en: string }, paperLocale),
    call: pickText(call.name, paperLocale),
    url: site.origin + localePath(`/member/post/detail/${row.id as number}`, paperLocale),
    decision: input.decision,
    comment: input.comment.trim(),
    reviews,
    revisionDueAt,
  });
  const corresponding = (row.authors as PaperAuthor[])
    .find((a) => a.corresponding)
    ?.email.trim()
    .toLowerCase();
  const to = [owner!.email, ...(corresponding && corresponding !== owner!.email ? [corresponding] : [])];
  await db.transaction(async (tx) => {
    await recordDecision(tx, open.itemId, actor.accountId, {
      decision: PAPER_DECISIONS[input.decision],
      comment: input.comment,
      staffNote: input.staffNote,
    });
    const moved = await movePaper(
      tx,
      { id: row.id as number, status: row.status as PaperStatus },
      event,
      { type: 'editor', id: actor.accountId },
      input.comment.trim(),
      {
        reopened: input.decision === 'revise' ? input.reopened : [],
        revisionDueAt,
      },
    );
    // Reviewers still at work on the decided round are released: their links and access stop.
    const released = assignments.filter((x) => x.itemId === open.itemId && !x.revoked && !x.report?.submittedAt);
    for (const a of released) {
      await takeBackAssignment(tx, a.assignmentId, now);
      await revokeLinks(tx, a.assignmentId, now);
    }
    await recordAudit(tx, {
      actor: auditActorOf(actor),
      action: 'paper.decided',
      ip,
      target: { type: 'paper', id: row.id as number },
      before: { status: row.status, round: row.round },
      after: { status: moved, decision: input.decision, revisionDueAt: revisionDueAt?.toISOString() ?? null },
      detail: { itemId: open.itemId, number: row.number, released: released.map((a) => a.reviewerId) },
    });
    await enqueueMails(
      tx,
      to.map((address) => ({ to: address, locale: paperLocale, ...mail })),
      { kind: `papers.decision.${input.decision}`, eraseAfter: new Date(now.getTime() + MAIL_KEEP_MS) },
    );
  });
}

/** A reviewer's own expertise (topic codes and keywords), which the editor's suggestions rank by. */
export async function saveExpertise(actor: Actor, input: { topics: string[]; keywords: string[] }) {
  if (!holdsRole(actor.account, 'reviewer:paper')) throw new AppError(ErrorCode.NO_PERMISSION);
  const values = {
    topics: [...new Set(input.topics)],
    keywords: [...new Set(input.keywords.map((k) => k.trim()).filter((k) => k !== ''))],
    updatedAt: new Date(),
  };
  const { db } = (await runtime()).database;
  await db
    .insert(reviewerExpertise)
    .values({ accountId: actor.accountId, ...values })
    .onConflictDoUpdate({ target: reviewerExpertise.accountId, set: values });
}

/**
 * A round's manuscript for a review reader: the editor any round, a reviewer (who declared no
 * conflict) the round they were given. It is named by the paper's number and round only (an
 * author's file name may carry their name); anyone else, like an unknown round, -7 (the office
 * viewing a member's pages -11, as for the paper).
 */
export async function readPaperManuscript(reader: ReviewReader, paperId: number, round: number): Promise<StoredFile> {
  refuseWhileViewing(reader);
  const paper = await readPaperForReview(reader, paperId, 'zh-tw').catch((error: unknown) => {
    if (error instanceof AppError) throw new AppError(ErrorCode.NO_FILE);
    throw error;
  });
  const file = paper.files.find((f) => f.round === round);
  if (!file) throw new AppError(ErrorCode.NO_FILE);
  const { db } = (await runtime()).database;
  const [row] = await db.select().from(files).where(eq(files.id, file.fileId));
  if (!row) throw new AppError(ErrorCode.NO_FILE);
  return privateFile(row, `${paper.number}-r${round}.pdf`);
}

/** A paper reviewer's own expertise as they set it (one statement); empty lists before they set any. */
export async function ownExpertise(actor: Actor): Promise<{ topics: string[]; keywords: string[] }> {
  if (!holdsRole(actor.account, 'reviewer:paper')) throw new AppError(ErrorCode.NO_PERMISSION);
  const { db } = (await runtime()).database;
  const [row] = await db
    .select({ topics: reviewerExpertise.topics, keywords: reviewerExpertise.keywords })
    .from(reviewerExpertise)
    .where(eq(reviewerExpertise.accountId, actor.accountId));
  return { topics: row?.topics ?? [], keywords: row?.keywords ?? [] };
}
