import { and, eq, inArray, isNull } from 'drizzle-orm';
import { ErrorCode } from '../../../lib/error-codes';
import { type I18nText, pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import { AUTHORISATION_VERSION, authorisationText } from '../../../lib/papers/authorisation-text';
import { PAPER_NUMBER_PATTERN, paperTitle } from '../../../lib/papers/model';
import type { PaperAuthorisationFacts } from '../../../lib/documents/facts';
import { localePath } from '../../../lib/paths';
import type { Actor } from '../../auth/sessions';
import type { Executor } from '../../db/client';
import { paperAuthorisations, paperFiles, reviewAssignments, reviewItems, reviewLinks } from '../../db/schema';
import { AppError } from '../../app-error';
import type { MailMessage } from '../../integrations/mail/mailer';
import { enqueueMails } from '../../integrations/mail/outbox';
import { paperNotice, type PaperNotice } from '../../integrations/mail/paper-templates';
import { runtime } from '../../runtime';
import { issueOnce, societyName } from '../documents/issue-documents';
import { type MailSite, mailSite } from '../mail/mail-site';
import { nextNumber } from '../numbering';
import { openReviewItem, withdrawReviewItem } from '../reviews/items';
import { roleHoldersToMail } from '../roles/role-holders';
import { callIn, type CallRow, loadCalls, takesSubmissions } from './calls';
import { assertSubmittable, lockOwnPaper, movePaper, type PaperRow } from './papers';

const DAY_MS = 86_400_000;
/** Mails about a paper keep their content this long in the outbox. */
const PAPER_MAIL_KEEP_MS = 30 * DAY_MS;

/** What a paper's mail says of it, in `locale`, to `name`, linking `path` on the site. */
export function paperMailAbout(
  site: MailSite,
  paper: { title: { zh: string; en: string }; number: string },
  call: CallRow,
  locale: Locale,
  name: string,
  path: string,
) {
  return {
    siteName: site.siteName[locale],
    locale,
    name,
    number: paper.number,
    title: paperTitle(paper.title, locale),
    call: pickText(call.name, locale),
    url: site.origin + localePath(path, locale),
  };
}

/** The mails of a submission: the author's, in their language, and one to each editor in theirs. */
function submissionMails(
  site: MailSite,
  paper: Pick<PaperRow, 'id' | 'title'> & { number: string },
  call: CallRow,
  author: { email: string; name: string; locale: Locale },
  editorList: { email: string; locale: Locale; name: string }[],
  resubmitted: boolean,
): MailMessage[] {
  const about = (locale: Locale, name: string, path: string) => paperMailAbout(site, paper, call, locale, name, path);
  const toAuthor: PaperNotice = resubmitted ? 'resubmitted' : 'received';
  const toEditors: PaperNotice = resubmitted ? 'forEditorsResubmitted' : 'forEditors';
  return [
    {
      to: author.email,
      locale: author.locale,
      ...paperNotice(toAuthor, about(author.locale, author.name, `/member/post/detail/${paper.id}`)),
    },
    ...editorList.map((editor) => ({
      to: editor.email,
      locale: editor.locale,
      ...paperNotice(toEditors, about(editor.locale, editor.name, `/member/paperReview/${paper.id}`)),
    })),
  ];
}

/**
 * Sends a paper: a draft with its authorisation signed (`signedName`, `agree`, the text's
 * `textVersion` as shown), before the call closes; or a revision before its due time. In one
 * transaction: the paper checked complete (-10 naming the fields), numbered at its first
 * submission, its manuscript kept for the round, the authorisation and its document (first
 * submission), the move with its history, the paper on the review queue, and the mails to the
 * author and the editors. -10 `callClosed` after the deadline, `authorisationNeeded` without the
 * signature, `paperChanged` when it is no longer a draft or revision.
 */
export async function submitPaper(
  actor: Actor,
  input: {
    paperId: number;
    signedName?: string | undefined;
    agree?: true | undefined;
    textVersion?: string | undefined;
  },
  locale: Locale,
): Promise<void> {
  const { db } = (await runtime()).database;
  const site = await mailSite();
  const editorList = await roleHoldersToMail(['editorInChief']);
  const society = await societyName();
  const calls = await loadCalls();
  const account = actor.account as { email: string; nameZh: string; nameEn: string };
  const authorName = locale === 'en-us' ? account.nameEn || account.nameZh : account.nameZh || account.nameEn;
  await db.transaction(async (tx) => {
    const paper = await lockOwnPaper(tx, actor, input.paperId);
    const call = callIn(calls, paper.postId);
    const now = new Date();
    const revision = paper.status === 'revisionRequested';
    if (paper.status !== 'draft' && !revision)
      throw new AppError(ErrorCode.DATA_CHECK, { reason: 'paperChanged' }, { key: 'paperChanged' });
    const open = revision
      ? paper.revisionDueAt !== null && now < paper.revisionDueAt
      : takesSubmissions(call, calls, now);
    if (!open)
      throw new AppError(
        ErrorCode.DATA_CHECK,
        { reason: 'callClosed' },
        { key: revision ? 'revisionClosed' : 'callClosed' },
      );
    assertSubmittable(paper, call);
    if (!revision) {
      const signedName = input.signedName?.trim() ?? '';
      if (!input.agree || signedName === '' || input.textVersion !== AUTHORISATION_VERSION)
        throw new AppError(
          ErrorCode.DATA_CHECK,
          {
            fields: [...(signedName === '' ? ['signedName'] : []), ...(input.agree ? [] : ['agree'])],
            reason: 'authorisationNeeded',
          },
          {
            key:
              input.textVersion && input.textVersion !== AUTHORISATION_VERSION
                ? 'authorisationChanged'
                : 'authorisationNeeded',
          },
        );
    }
    const round = paper.round + 1;
    const number =
      paper.number ??
      (await nextNumber(tx, 'paper', PAPER_NUMBER_PATTERN, { year: Number(now.toISOString().slice(0, 4)) }));
    await movePaper(tx, paper, revision ? 'resubmit' : 'submit', { type: 'author', id: actor.accountId }, '', {
      number,
      round,
      reopened: [],
      revisionDueAt: null,
      submittedAt: now,
      locale,
    });
    await tx.insert(paperFiles).values({ paperId: paper.id, round, fileId: paper.manuscriptFileId! });
    if (!revision)
      await signAuthorisation(tx, { ...paper, number }, call, society, actor, input.signedName!.trim(), locale, now);
    await openReviewItem(tx, {
      queue: 'paper',
      subjectId: paper.id,
      applicantId: actor.accountId,
      dueAt: new Date(now.getTime() + 2 * call.reviewDays * DAY_MS),
    });
    await enqueueMails(
      tx,
      submissionMails(
        site,
        { ...paper, number },
        call,
        { email: account.email, name: authorName, locale },
        editorList,
        revision,
      ),
      {
        kind: revision ? 'papers.resubmitted' : 'papers.received',
        eraseAfter: new Date(now.getTime() + PAPER_MAIL_KEEP_MS),
      },
    );
  });
}

/** The authorisation signed with a first submission, and its document (verification code), frozen as read. */
async function signAuthorisation(
  tx: Executor,
  paper: PaperRow & { number: string },
  call: CallRow,
  society: I18nText,
  actor: Actor,
  signedName: string,
  locale: Locale,
  at: Date,
): Promise<void> {
  const account = actor.account as { nameZh: string; nameEn: string };
  const facts: PaperAuthorisationFacts = {
    society,
    paperNumber: paper.number,
    title: paper.title,
    call: call.name,
    authors: paper.authors.map((a) => ({ nameZh: a.nameZh, nameEn: a.nameEn })),
    signer: { nameZh: account.nameZh, nameEn: account.nameEn },
    signedName,
    signedAt: at.toISOString(),
    textVersion: AUTHORISATION_VERSION,
    text: authorisationText(locale),
    locale,
  };
  const document = await issueOnce(tx, {
    kind: 'paperAuthorisation',
    number: paper.number,
    accountId: actor.accountId,
    subjectId: paper.id,
    facts,
  });
  await tx.insert(paperAuthorisations).values({
    paperId: paper.id,
    accountId: actor.accountId,
    textVersion: AUTHORISATION_VERSION,
    locale,
    signedName,
    documentId: document.id,
    signedAt: at,
  });
}

/**
 * Withdraws a paper until a decision: a draft is set aside; a paper in review leaves the queue, and
 * its reviewers' assignments and links stop working. -10 `paperChanged` once decided.
 */
export async function withdrawPaper(actor: Actor, input: { paperId: number; reason: string }, locale: Locale) {
  const { db } = (await runtime()).database;
  const site = await mailSite();
  const account = actor.account as { email: string; nameZh: string; nameEn: string };
  const calls = await loadCalls();
  await db.transaction(async (tx) => {
    const paper = await lockOwnPaper(tx, actor, input.paperId);
    await movePaper(tx, paper, 'withdraw', { type: 'author', id: actor.accountId }, input.reason);
    if (paper.status === 'draft') return;
    await stopReviews(tx, paper.id);
    const call = callIn(calls, paper.postId);
    const name = locale === 'en-us' ? account.nameEn || account.nameZh : account.nameZh || account.nameEn;
    await enqueueMails(
      tx,
      [
        {
          to: account.email,
          locale,
          ...paperNotice('withdrawn', {
            siteName: site.siteName[locale],
            locale,
            name,
            number: paper.number ?? '',
            title: paperTitle(paper.title, locale),
            call: pickText(call.name, locale),
            url: site.origin + localePath(`/member/post/detail/${paper.id}`, locale),
          }),
        },
      ],
      { kind: 'papers.withdrawn', eraseAfter: new Date(Date.now() + PAPER_MAIL_KEEP_MS) },
    );
  });
}

/** Takes a paper off the review queue: its open item withdrawn, its assignments and their links revoked. */
export async function stopReviews(tx: Executor, paperId: number): Promise<void> {
  const open = await tx
    .select({ id: reviewItems.id })
    .from(reviewItems)
    .where(and(eq(reviewItems.queue, 'paper'), eq(reviewItems.subjectId, paperId), eq(reviewItems.status, 'open')));
  await withdrawReviewItem(tx, 'paper', paperId);
  if (open.length === 0) return;
  const now = new Date();
  const revoked = await tx
    .update(reviewAssignments)
    .set({ revokedAt: now })
    .where(
      and(
        inArray(
          reviewAssignments.itemId,
          open.map((o) => o.id),
        ),
        isNull(reviewAssignments.revokedAt),
      ),
    )
    .returning({ id: reviewAssignments.id });
  if (revoked.length > 0)
    await tx
      .update(reviewLinks)
      .set({ revokedAt: now })
      .where(
        and(
          inArray(
            reviewLinks.assignmentId,
            revoked.map((r) => r.id),
          ),
          isNull(reviewLinks.revokedAt),
        ),
      );
}
