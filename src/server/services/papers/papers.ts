import { isDeepStrictEqual } from 'node:util';
import { and, count, eq, ne } from 'drizzle-orm';
import { ErrorCode } from '../../../lib/error-codes';
import { pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import {
  editableParts,
  nextPaperStatus,
  PAPER_FINAL,
  paperTitle,
  type PaperAuthor,
  type PaperEvent,
  type PaperStatus,
  type RevisablePart,
} from '../../../lib/papers/model';
import { submissionProblems } from '../../../lib/papers/submission';
import type { PaperDraftBody, PaperView } from '../../../lib/schemas/papers';
import type { Actor } from '../../auth/sessions';
import type { Executor } from '../../db/client';
import { accounts, issuedDocuments, paperHistory, papers } from '../../db/schema';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { ownUploads } from '../files/uploads';
import { type DocumentFile, documentFile } from '../documents/own-documents';
import { callIn, type CallRow, type Calls, loadCalls, takesSubmissions, viewCall } from './calls';

export type PaperRow = typeof papers.$inferSelect;

/** Papers an author may start in one call (withdrawn ones not counted): enough for any meeting, not a flood. */
export const MAX_PAPERS_PER_CALL = 10;

function individual(actor: Actor): number {
  if (actor.account.userType !== 'individual') throw new AppError(ErrorCode.NO_PERMISSION);
  return actor.accountId;
}

/**
 * Moves a paper by `event` in the caller's transaction, only from the status it was read in, with a
 * row of history; -10 (`paperChanged`) when the move is not allowed or the paper moved meanwhile.
 */
export async function movePaper(
  tx: Executor,
  paper: Pick<PaperRow, 'id' | 'status'>,
  event: PaperEvent,
  by: { type: 'author' | 'editor' | 'system'; id: number | null },
  comment = '',
  set: Partial<typeof papers.$inferInsert> = {},
): Promise<PaperStatus> {
  const to = nextPaperStatus(paper.status, event, by.type === 'system' ? 'editor' : by.type);
  if (!to) throw new AppError(ErrorCode.DATA_CHECK, { reason: 'paperChanged' }, { key: 'paperChanged' });
  const moved = await tx
    .update(papers)
    .set({ ...set, status: to, updatedAt: new Date() })
    .where(and(eq(papers.id, paper.id), eq(papers.status, paper.status)))
    .returning({ id: papers.id });
  if (moved.length === 0) throw new AppError(ErrorCode.DATA_CHECK, { reason: 'paperChanged' }, { key: 'paperChanged' });
  await tx.insert(paperHistory).values({
    paperId: paper.id,
    fromStatus: paper.status,
    toStatus: to,
    actorType: by.type,
    actorId: by.id,
    comment: comment || null,
  });
  return to;
}

/** One of the actor's papers, locked for a change in the caller's transaction; another's, like none, -6. */
export async function lockOwnPaper(tx: Executor, actor: Actor, paperId: number): Promise<PaperRow> {
  const [paper] = await tx
    .select()
    .from(papers)
    .where(and(eq(papers.id, paperId), eq(papers.accountId, individual(actor))))
    .for('update');
  if (!paper) throw new AppError(ErrorCode.NO_DATA);
  return paper;
}

/**
 * A new draft in an open call, its first author the signed-in individual (name, e-mail and
 * workplace from the account), presenting and corresponding. -19 for an unknown call, -10
 * (`callClosed`) outside its times or when it runs elsewhere, -10 (`tooManyPapers`) past
 * `MAX_PAPERS_PER_CALL`.
 */
export async function startPaper(actor: Actor, postId: number, locale: Locale): Promise<number> {
  const accountId = individual(actor);
  const calls = await loadCalls();
  const call = callIn(calls, postId);
  if (!takesSubmissions(call, calls))
    throw new AppError(ErrorCode.DATA_CHECK, { reason: 'callClosed' }, { key: 'callClosed' });
  const { db } = (await runtime()).database;
  const account = actor.account as { email: string; nameZh: string; nameEn: string };
  return db.transaction(async (tx) => {
    const [{ workplace } = { workplace: '' }] = await tx
      .select({ workplace: accounts.workplace })
      .from(accounts)
      .where(eq(accounts.id, accountId));
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(papers)
      .where(and(eq(papers.accountId, accountId), eq(papers.postId, postId), ne(papers.status, 'withdrawn')));
    if (n >= MAX_PAPERS_PER_CALL)
      throw new AppError(
        ErrorCode.DATA_CHECK,
        { reason: 'tooManyPapers' },
        { key: 'tooManyPapers', values: { max: MAX_PAPERS_PER_CALL } },
      );
    const first: PaperAuthor = {
      nameZh: account.nameZh,
      nameEn: account.nameEn,
      email: account.email,
      affiliation: workplace,
      presenting: true,
      corresponding: true,
    };
    const [row] = await tx
      .insert(papers)
      .values({ postId, accountId, authors: [first], locale })
      .returning({ id: papers.id });
    await tx
      .insert(paperHistory)
      .values({ paperId: row!.id, toStatus: 'draft', actorType: 'author', actorId: accountId });
    return row!.id;
  });
}

/** The latest a paper's author may change it: the call's close for a draft, the revision's due time for a revision. */
function deadlineOf(paper: Pick<PaperRow, 'status' | 'revisionDueAt'>, call: CallRow): Date {
  return paper.status === 'revisionRequested' && paper.revisionDueAt ? paper.revisionDueAt : call.closesAt;
}

/** Whether the author may change the paper now (its status and its deadline). */
export function changeableNow(
  paper: Pick<PaperRow, 'status' | 'revisionDueAt'>,
  call: CallRow,
  calls: Calls,
  now = new Date(),
): boolean {
  if (paper.status === 'draft') return takesSubmissions(call, calls, now);
  return paper.status === 'revisionRequested' && now < deadlineOf(paper, call);
}

/**
 * Saves a draft as the author types (or the reopened parts of a revision). Only what may be
 * changed now changes: a revision that alters a part the editor did not reopen is refused (-10,
 * the part named), so what reviewers read stays what they read. The manuscript must be the
 * author's own upload for a paper, within the call's size (-996). Answers the time it was saved.
 */
export async function saveDraft(actor: Actor, body: PaperDraftBody): Promise<{ savedAt: string }> {
  const { db } = (await runtime()).database;
  const owner = { kind: 'individual' as const, id: individual(actor) };
  const calls = await loadCalls();
  return db.transaction(async (tx) => {
    const paper = await lockOwnPaper(tx, actor, body.paperId);
    const call = callIn(calls, paper.postId);
    if (!changeableNow(paper, call, calls))
      throw new AppError(
        ErrorCode.DATA_CHECK,
        { reason: PAPER_FINAL.includes(paper.status) || paper.status !== 'draft' ? 'paperLocked' : 'callClosed' },
        { key: paper.status === 'draft' ? 'callClosed' : 'paperLocked' },
      );
    const open = new Set<RevisablePart>(editableParts(paper.status, paper.reopened));
    const given: Record<RevisablePart, [unknown, unknown]> = {
      title: [body.title, paper.title],
      abstract: [body.abstract, paper.abstract],
      authors: [body.authors, paper.authors],
      topic: [body.topicCode, paper.topicCode],
      keywords: [body.keywords, paper.keywords],
      manuscript: [body.manuscriptFileId, paper.manuscriptFileId],
    };
    const closed = (Object.keys(given) as RevisablePart[]).filter(
      (part) => !open.has(part) && !isDeepStrictEqual(given[part][0], given[part][1]),
    );
    if (closed.length > 0)
      throw new AppError(ErrorCode.DATA_CHECK, { fields: closed, reason: 'partClosed' }, { key: 'paperPartClosed' });
    if (body.manuscriptFileId !== null && body.manuscriptFileId !== paper.manuscriptFileId) {
      const [file] = await ownUploads(tx, owner, 'paperManuscript', [body.manuscriptFileId]);
      if (!file)
        throw new AppError(ErrorCode.DATA_CHECK, { fields: ['manuscript'] }, { key: 'paperManuscriptUnknown' });
      if (file.size > call.maxFileMb * 1024 * 1024)
        throw new AppError(
          ErrorCode.FILE_TOO_LARGE,
          { fields: ['manuscript'] },
          { key: 'paperManuscriptTooLarge', values: { max: call.maxFileMb } },
        );
    }
    const savedAt = new Date();
    await tx
      .update(papers)
      .set({
        title: body.title,
        abstract: body.abstract,
        authors: body.authors,
        topicCode: body.topicCode,
        keywords: body.keywords.filter((k) => k !== ''),
        manuscriptFileId: body.manuscriptFileId,
        updatedAt: savedAt,
      })
      .where(eq(papers.id, paper.id));
    return { savedAt: savedAt.toISOString() };
  });
}

/** -10 naming every field a submission still needs (`submissionProblems`). */
export function assertSubmittable(paper: PaperRow, call: CallRow): void {
  const problems = submissionProblems(paper, call);
  if (problems.length > 0)
    throw new AppError(
      ErrorCode.DATA_CHECK,
      { fields: [...new Set(problems.map((p) => p.field))], problems },
      { key: 'paperIncomplete' },
    );
}

/** The statement of an author's paper page: the paper, its manuscript, the authorisation, the history and the reviewers' comments. */
const OWN_PAPER = `
  SELECT p.id, p.post_id, p.number, p.status, p.title, p.abstract, p.topic_code, p.keywords, p.authors,
    p.manuscript_file_id, p.round, p.reopened, p.revision_due_at, p.updated_at, p.submitted_at,
    f.name AS file_name, f.size AS file_size, f.metadata_stripped AS file_stripped,
    a.signed_at, a.signed_name, d.verify_code,
    (SELECT json_agg(json_build_array(h.from_status, h.to_status, h.actor_type, coalesce(h.comment, ''), h.at)
       ORDER BY h.at, h.id) FROM paper_history h WHERE h.paper_id = p.id) AS history,
    (SELECT json_agg(json_build_array(x.round, x.label, x.to_authors) ORDER BY x.round, x.label)
     FROM (SELECT r.to_authors,
             (SELECT count(*) FROM review_items j WHERE j.queue = 'paper' AND j.subject_id = p.id AND j.id <= i.id) AS round,
             row_number() OVER (PARTITION BY i.id ORDER BY r.assignment_id) AS label
           FROM paper_reviews r JOIN review_items i ON i.id = r.item_id
           WHERE r.paper_id = p.id AND i.status = 'decided' AND r.submitted_at IS NOT NULL) x
     WHERE x.to_authors <> '') AS reviews
  FROM papers p
  LEFT JOIN files f ON f.id = p.manuscript_file_id
  LEFT JOIN paper_authorisations a ON a.paper_id = p.id
  LEFT JOIN issued_documents d ON d.id = a.document_id
  WHERE p.id = $1 AND p.account_id = $2`;

const iso = (value: unknown) =>
  value === null || value === undefined ? null : new Date(value as string).toISOString();

/** One of the signed-in author's papers as they read it (one statement); another's, like none, -6. */
export async function getOwnPaper(actor: Actor, paperId: number, locale: Locale): Promise<PaperView> {
  const accountId = individual(actor);
  const { prepared } = (await runtime()).database;
  const [row] = await prepared('own_paper', OWN_PAPER, [paperId, accountId]);
  if (!row) throw new AppError(ErrorCode.NO_DATA);
  const calls = await loadCalls();
  const call = calls.rows.find((c) => c.id === row.post_id);
  if (!call) throw new AppError(ErrorCode.NO_DATA);
  const paper = {
    id: row.id as number,
    status: row.status as PaperStatus,
    reopened: row.reopened as string[],
    revisionDueAt: row.revision_due_at ? new Date(row.revision_due_at as string) : null,
  } as PaperRow;
  const now = new Date();
  const changeable = changeableNow(paper, call, calls, now);
  const title = row.title as PaperView['titles'];
  return {
    paperId: paper.id,
    postId: call.id,
    postName: pickText(call.name, locale),
    number: (row.number as string | null) ?? null,
    status: paper.status,
    title: paperTitle(title, locale),
    titles: title,
    abstract: row.abstract as PaperView['abstract'],
    topicCode: row.topic_code as string,
    keywords: row.keywords as string[],
    authors: row.authors as PaperAuthor[],
    manuscript:
      row.manuscript_file_id === null
        ? null
        : {
            fileId: row.manuscript_file_id as number,
            name: row.file_name as string,
            size: Number(row.file_size),
            metadataStripped: (row.file_stripped as boolean | null) ?? null,
          },
    round: row.round as number,
    editable: changeable ? editableParts(paper.status, paper.reopened) : [],
    revisionDueAt: iso(row.revision_due_at),
    canSubmit: changeable,
    canWithdraw: nextPaperStatus(paper.status, 'withdraw', 'author') !== null,
    deadline: deadlineOf(paper, call).toISOString(),
    authorisation: row.signed_at
      ? {
          signedAt: iso(row.signed_at)!,
          signedName: row.signed_name as string,
          verifyCode: (row.verify_code as string | null) ?? null,
        }
      : null,
    history: (
      (row.history ?? []) as [PaperStatus | null, PaperStatus, 'author' | 'editor' | 'system', string, string][]
    ).map(([from, to, by, comment, at]) => ({ from, to, by, comment, at: iso(at)! })),
    reviews: ((row.reviews ?? []) as [number, number, string][]).map(([round, label, toAuthors]) => ({
      round: Number(round),
      label: String(label),
      toAuthors,
    })),
    updatedAt: iso(row.updated_at)!,
    submittedAt: iso(row.submitted_at),
  };
}

/** The signed-in author's papers, in one call or all, newest first (withdrawn drafts left out). */
export async function listOwnPapers(actor: Actor, locale: Locale, postId?: number) {
  const accountId = individual(actor);
  const { db } = (await runtime()).database;
  const rows = await db
    .select({
      id: papers.id,
      postId: papers.postId,
      number: papers.number,
      status: papers.status,
      title: papers.title,
      updatedAt: papers.updatedAt,
      submittedAt: papers.submittedAt,
    })
    .from(papers)
    .where(and(eq(papers.accountId, accountId), postId === undefined ? undefined : eq(papers.postId, postId)))
    .orderBy(papers.id);
  return rows
    .filter((r) => !(r.status === 'withdrawn' && r.number === null))
    .reverse()
    .map((r) => ({
      paperId: r.id,
      postId: r.postId,
      number: r.number,
      status: r.status,
      title: paperTitle(r.title, locale),
      updatedAt: r.updatedAt.toISOString(),
      submittedAt: r.submittedAt?.toISOString() ?? null,
    }));
}

/** The PDF of the authorisation signed for one of the author's papers, in the reader's language; -6 before it is signed. */
export async function downloadAuthorisation(actor: Actor, paperId: number, locale: Locale): Promise<DocumentFile> {
  const accountId = individual(actor);
  const { db } = (await runtime()).database;
  const [document] = await db
    .select()
    .from(issuedDocuments)
    .where(
      and(
        eq(issuedDocuments.kind, 'paperAuthorisation'),
        eq(issuedDocuments.subjectId, paperId),
        eq(issuedDocuments.accountId, accountId),
      ),
    );
  if (!document) throw new AppError(ErrorCode.NO_DATA);
  return documentFile(document, locale);
}

/**
 * The calls an author sees: every active call that is open, upcoming or runs elsewhere, and closed
 * ones they have papers in, each with their count (from the session: no statement).
 */
export async function listAuthorCalls(actor: Actor, locale: Locale) {
  const mine = actor.account.userType === 'individual' ? actor.account.paperStates : [];
  const calls = await loadCalls();
  const now = new Date();
  return calls.rows
    .map((call) => viewCall(call, calls, locale, mine.filter((p) => p.postId === call.id).length, now))
    .filter((view) => view.state !== 'closed' || view.myPapers > 0);
}
