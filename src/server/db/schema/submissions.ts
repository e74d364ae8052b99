import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { I18nText } from '../../../lib/i18n-text';
import type { PaperAuthor, PaperStatus, PaperText, PaperTopic, RubricCriterion } from '../../../lib/papers/model';
import { createdAt, refId, updatedAt } from './columns';
import { accounts } from './accounts';
import { issuedDocuments } from './documents';
import { files } from './files';
import { reviewAssignments, reviewItems } from './reviews';

/**
 * A call for papers ("post", decision record 015): members and web users submit papers to it
 * between its opening and closing times. `blind` hides the authors from the reviewers (reviewers
 * are always hidden from the authors); `serviceUrl` sends authors to another system instead.
 */
export const posts = pgTable('posts', {
  id: serial('id').primaryKey(),
  name: jsonb('name').$type<I18nText>().notNull(),
  description: jsonb('description').$type<I18nText>(),
  /** The call's notice: what it asks for and how it is judged, paragraphs of plain text. */
  notice: jsonb('notice').$type<I18nText>(),
  opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
  closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
  active: boolean('active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  topics: jsonb('topics').$type<PaperTopic[]>().notNull().default([]),
  rubric: jsonb('rubric').$type<RubricCriterion[]>().notNull().default([]),
  blind: boolean('blind').notNull().default(true),
  /** The largest manuscript (a PDF), in megabytes. */
  maxFileMb: integer('max_file_mb').notNull().default(20),
  maxAuthors: integer('max_authors').notNull().default(20),
  /** The longest abstract in characters, per language. */
  abstractMaxChars: integer('abstract_max_chars').notNull().default(3000),
  /** Days a reviewer is given by default, and an author to revise. */
  reviewDays: integer('review_days').notNull().default(21),
  revisionDays: integer('revision_days').notNull().default(30),
  /** Where submissions to this call run when not here ('' for here). */
  serviceUrl: text('service_url').notNull().default(''),
});

/**
 * A paper: written as a draft by its submitting account (saved as they type), submitted to its
 * call, reviewed in rounds (`round` counts submissions), decided. `manuscriptFileId` is the working
 * manuscript; every submitted one is kept in `paper_files`.
 */
export const papers = pgTable(
  'papers',
  {
    id: serial('id').primaryKey(),
    postId: refId('post_id', () => posts.id),
    accountId: refId('account_id', () => accounts.id),
    /** Given at the first submission (`P{yyyy}-{seq:4}`). */
    number: text('number'),
    status: text('status').$type<PaperStatus>().notNull().default('draft'),
    title: jsonb('title').$type<PaperText>().notNull().default({ zh: '', en: '' }),
    abstract: jsonb('abstract').$type<PaperText>().notNull().default({ zh: '', en: '' }),
    topicCode: text('topic_code').notNull().default(''),
    keywords: jsonb('keywords').$type<string[]>().notNull().default([]),
    authors: jsonb('authors').$type<PaperAuthor[]>().notNull().default([]),
    manuscriptFileId: integer('manuscript_file_id').references(() => files.id),
    round: integer('round').notNull().default(0),
    /** What a revision may change (the editor's choice), while `revisionRequested`. */
    reopened: jsonb('reopened').$type<string[]>().notNull().default([]),
    revisionDueAt: timestamp('revision_due_at', { withTimezone: true }),
    /** The submitting author's language, for the mail about the paper. */
    locale: text('locale').notNull().default('zh-tw'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
  },
  (t) => [
    index('papers_account_idx').on(t.accountId, t.postId),
    index('papers_post_idx').on(t.postId, t.status),
    uniqueIndex('papers_number_idx').on(t.number),
  ],
);

/** The manuscript of each submitted round, as it was sent (`stripped`: its metadata removed on upload). */
export const paperFiles = pgTable(
  'paper_files',
  {
    id: serial('id').primaryKey(),
    paperId: refId('paper_id', () => papers.id),
    round: integer('round').notNull(),
    fileId: refId('file_id', () => files.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('paper_files_round_idx').on(t.paperId, t.round)],
);

/** Every change of a paper's status, with who made it (an author, an editor, the system). */
export const paperHistory = pgTable(
  'paper_history',
  {
    id: serial('id').primaryKey(),
    paperId: refId('paper_id', () => papers.id),
    fromStatus: text('from_status').$type<PaperStatus>(),
    toStatus: text('to_status').$type<PaperStatus>().notNull(),
    actorType: text('actor_type').$type<'author' | 'editor' | 'system'>().notNull(),
    actorId: integer('actor_id'),
    comment: text('comment'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('paper_history_paper_idx').on(t.paperId, t.at)],
);

/**
 * The authorisation (publication consent) the submitting author signed for a paper: the text's
 * version and language, the name typed as the signature, and the issued document of what was signed.
 */
export const paperAuthorisations = pgTable(
  'paper_authorisations',
  {
    id: serial('id').primaryKey(),
    paperId: refId('paper_id', () => papers.id),
    accountId: refId('account_id', () => accounts.id),
    textVersion: text('text_version').notNull(),
    locale: text('locale').notNull(),
    signedName: text('signed_name').notNull(),
    documentId: integer('document_id').references(() => issuedDocuments.id),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('paper_authorisations_paper_idx').on(t.paperId)],
);

/**
 * A reviewer's report on a paper for one assignment: scores on the call's rubric, a
 * recommendation, comments to the authors and to the editor. Saved as written; `submittedAt` ends it.
 */
export const paperReviews = pgTable(
  'paper_reviews',
  {
    id: serial('id').primaryKey(),
    assignmentId: refId('assignment_id', () => reviewAssignments.id),
    itemId: refId('item_id', () => reviewItems.id),
    paperId: refId('paper_id', () => papers.id),
    scores: jsonb('scores').$type<Record<string, number>>().notNull().default({}),
    recommendation: text('recommendation').$type<'accept' | 'minor' | 'major' | 'reject'>(),
    toAuthors: text('to_authors').notNull().default(''),
    toEditor: text('to_editor').notNull().default(''),
    updatedAt: updatedAt(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('paper_reviews_assignment_idx').on(t.assignmentId),
    index('paper_reviews_paper_idx').on(t.paperId),
  ],
);

/**
 * A review invitation's mailed link: a single-use token (kept as its keyed hash) that opens one
 * assignment without signing in, until it expires, is used or is revoked. Using it gives the
 * browser an access token (also hashed) for that assignment alone.
 */
export const reviewLinks = pgTable(
  'review_links',
  {
    id: serial('id').primaryKey(),
    assignmentId: refId('assignment_id', () => reviewAssignments.id),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    accessHash: text('access_hash'),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('review_links_token_idx').on(t.tokenHash),
    uniqueIndex('review_links_access_idx').on(t.accessHash),
    index('review_links_assignment_idx').on(t.assignmentId),
  ],
);

/**
 * What a paper reviewer reviews: topic codes of the calls and free keywords, set by the reviewer;
 * the editor's suggestions rank reviewers by it.
 */
export const reviewerExpertise = pgTable('reviewer_expertise', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id),
  topics: jsonb('topics').$type<string[]>().notNull().default([]),
  keywords: jsonb('keywords').$type<string[]>().notNull().default([]),
  updatedAt: updatedAt(),
});
