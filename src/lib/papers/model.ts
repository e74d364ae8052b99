/**
 * Papers submitted to calls (decision record 015): what a paper is made of, its statuses and the
 * one judge of a move between them. Pure: the services and the pages both read it.
 */

/** A text a paper gives in Chinese and in English (either may be empty while it is a draft). */
export interface PaperText {
  zh: string;
  en: string;
}

/** One author, in the order the paper names them. */
export interface PaperAuthor {
  nameZh: string;
  nameEn: string;
  email: string;
  affiliation: string;
  /** Presents the paper at the meeting (exactly one author). */
  presenting: boolean;
  /** Answers for the paper (exactly one author). */
  corresponding: boolean;
}

export interface PaperTopic {
  code: string;
  name: { 'zh-tw': string; 'en-us'?: string };
}

/** One criterion of a call's review rubric, scored from 0 to `max`. */
export interface RubricCriterion {
  code: string;
  label: { 'zh-tw': string; 'en-us'?: string };
  max: number;
}

export const PAPER_STATUSES = [
  'draft',
  'submitted',
  'underReview',
  'revisionRequested',
  'resubmitted',
  'accepted',
  'rejected',
  'withdrawn',
] as const;
export type PaperStatus = (typeof PAPER_STATUSES)[number];

/** Statuses in which the editors and reviewers have the paper. */
export const PAPER_IN_REVIEW: readonly PaperStatus[] = ['submitted', 'underReview', 'resubmitted'];
/** Statuses no move leaves. */
export const PAPER_FINAL: readonly PaperStatus[] = ['accepted', 'rejected', 'withdrawn'];

export type PaperEvent = 'submit' | 'assign' | 'requestRevision' | 'resubmit' | 'accept' | 'reject' | 'withdraw';

const MOVES: Record<PaperEvent, { from: readonly PaperStatus[]; to: PaperStatus; by: 'author' | 'editor' }> = {
  submit: { from: ['draft'], to: 'submitted', by: 'author' },
  assign: { from: ['submitted', 'resubmitted'], to: 'underReview', by: 'editor' },
  requestRevision: { from: PAPER_IN_REVIEW, to: 'revisionRequested', by: 'editor' },
  resubmit: { from: ['revisionRequested'], to: 'resubmitted', by: 'author' },
  accept: { from: PAPER_IN_REVIEW, to: 'accepted', by: 'editor' },
  reject: { from: PAPER_IN_REVIEW, to: 'rejected', by: 'editor' },
  // Possible until a decision: a draft, a paper in review or one being revised.
  withdraw: {
    from: ['draft', 'submitted', 'underReview', 'revisionRequested', 'resubmitted'],
    to: 'withdrawn',
    by: 'author',
  },
};

/** The status `event` moves a paper to from `status` when `by` makes it, or null when it may not. */
export function nextPaperStatus(status: PaperStatus, event: PaperEvent, by: 'author' | 'editor'): PaperStatus | null {
  const move = MOVES[event];
  return move.by === by && move.from.includes(status) ? move.to : null;
}

/** What an editor may reopen when asking for a revision; the rest stays as it was submitted. */
export const REVISABLE_PARTS = ['title', 'abstract', 'authors', 'topic', 'keywords', 'manuscript'] as const;
export type RevisablePart = (typeof REVISABLE_PARTS)[number];

/** The parts of a paper an author may change now: everything in a draft, the reopened ones in a revision. */
export function editableParts(status: PaperStatus, reopened: readonly string[]): RevisablePart[] {
  if (status === 'draft') return [...REVISABLE_PARTS];
  if (status === 'revisionRequested') return REVISABLE_PARTS.filter((p) => reopened.includes(p));
  return [];
}

/** Reviewers' recommendations, strongest first. */
export const RECOMMENDATIONS = ['accept', 'minor', 'major', 'reject'] as const;
export type Recommendation = (typeof RECOMMENDATIONS)[number];

/** The editor's decisions on a round, and the engine's decision each records. */
export const PAPER_DECISIONS = { accept: 'approve', reject: 'reject', revise: 'return' } as const;
export type PaperDecision = keyof typeof PAPER_DECISIONS;

/** Whether a call takes submissions at `now` (its own times; an external call never does here). */
export function callOpen(
  call: { opensAt: Date; closesAt: Date; active: boolean; serviceUrl: string },
  now: Date,
): boolean {
  return call.active && call.serviceUrl === '' && call.opensAt <= now && now < call.closesAt;
}

/** The author's institutions and names, compared loosely: case, spaces and full-width forms ignored. */
export function sameInstitution(a: string, b: string): boolean {
  const norm = (s: string) =>
    s
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[\s.,()（）]/g, '');
  const x = norm(a);
  const y = norm(b);
  return x !== '' && y !== '' && (x === y || (x.length >= 4 && y.includes(x)) || (y.length >= 4 && x.includes(y)));
}

/** A paper's title in the reader's language, the other one where it has none. */
export function paperTitle(title: PaperText, locale: 'zh-tw' | 'en-us'): string {
  return (locale === 'en-us' ? title.en || title.zh : title.zh || title.en) || '';
}

/** How papers are numbered at their first submission (`lib/numbering.ts` patterns). */
export const PAPER_NUMBER_PATTERN = 'P{yyyy}-{seq:4}';

export type ReviewLinkProblem = 'linkUnknown' | 'linkUsed' | 'linkExpired' | 'linkRevoked';

/**
 * Why a mailed review link no longer opens its assignment, or null while it does: taken back (the
 * link, its assignment, its round no longer open, or its reviewer no longer holding the reviewer
 * role) comes before used, used before expired.
 */
export function linkProblem(
  link: {
    revokedAt: Date | null;
    assignmentRevokedAt: Date | null;
    roundOpen: boolean;
    reviewerHoldsRole: boolean;
    usedAt: Date | null;
    expiresAt: Date;
  },
  now: Date,
): ReviewLinkProblem | null {
  if (link.revokedAt || link.assignmentRevokedAt || !link.roundOpen || !link.reviewerHoldsRole) return 'linkRevoked';
  if (link.usedAt) return 'linkUsed';
  if (link.expiresAt <= now) return 'linkExpired';
  return null;
}

/** A paper reviewer as the editor's list shows them (`suggestReviewers` of the paper review service). */
export interface ReviewerSuggestion {
  accountId: number;
  name: string;
  workplace: string;
  /** Why they fit: the topic, keywords they review, or papers of the topic reviewed before. */
  topicMatch: boolean;
  keywordMatches: string[];
  openReviews: number;
  /** Why they may not review this paper: an author, or from an author's institution. */
  excluded: 'author' | 'institution' | 'assigned' | null;
}
