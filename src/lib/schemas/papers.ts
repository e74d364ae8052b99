import { z } from 'zod';
import { PAPER_STATUSES, RECOMMENDATIONS, REVISABLE_PARTS } from '../papers/model';
import { emailSchema } from '../validators/schemas';
import { idParam } from './common';

/**
 * The submissions API (amsw0701 for authors, amsw0801 for editors and reviewers; decision record
 * 015). A draft is saved as the author types, so its fields are checked only for size; what a
 * submission needs (both languages, the authors' e-mails, one presenting and one corresponding
 * author, the manuscript) is checked when it is sent (`submissionProblems`).
 */

const line = (max: number) => z.string().trim().max(max);
const paperText = (max: number) => z.object({ zh: line(max), en: line(max) });

export const paperAuthorDraft = z.object({
  nameZh: line(60),
  nameEn: line(120),
  email: line(254),
  affiliation: line(200),
  presenting: z.boolean(),
  corresponding: z.boolean(),
});

/** `PUT /api/amsw0701/paper`: the draft (or the reopened parts of a revision) as it stands now. */
export const paperDraftBody = z.object({
  paperId: z.number().int().positive(),
  title: paperText(300),
  abstract: paperText(20_000),
  topicCode: line(40),
  keywords: z.array(line(60)).max(12),
  authors: z.array(paperAuthorDraft).max(50),
  manuscriptFileId: z.number().int().positive().nullable(),
});
export type PaperDraftBody = z.infer<typeof paperDraftBody>;

/** `POST /api/amsw0701/paper`: a new draft in a call. */
export const newPaperBody = z.object({ postId: z.number().int().positive() });

/**
 * `POST /api/amsw0701/submit`: a draft sent with the authorisation signed (the signer's name as
 * typed, and the text's version they read), or a revision sent again.
 */
export const submitPaperBody = z.object({
  paperId: z.number().int().positive(),
  signedName: line(120).optional(),
  agree: z.literal(true).optional(),
  textVersion: line(20).optional(),
});

export const withdrawPaperBody = z.object({
  paperId: z.number().int().positive(),
  reason: line(500).default(''),
});

export const paperQuery = z.object({ paperId: idParam });
export const postQuery = z.object({ postId: idParam });

/** An author's e-mail as a submission needs it. */
export const authorEmail = emailSchema;

const status = z.enum(PAPER_STATUSES);

export const callView = z.object({
  postId: z.number().int(),
  name: z.string(),
  description: z.string(),
  notice: z.string(),
  opensAt: z.string(),
  closesAt: z.string(),
  state: z.enum(['upcoming', 'open', 'closed', 'external']),
  serviceUrl: z.string().describe('Where submissions run when not here; empty otherwise'),
  blind: z.boolean().describe('Reviewers do not learn who the authors are'),
  topics: z.array(z.object({ code: z.string(), name: z.string() })),
  maxFileMb: z.number().int(),
  maxAuthors: z.number().int(),
  abstractMaxChars: z.number().int(),
  myPapers: z.number().int().describe('The reader’s papers in this call, withdrawn ones left out'),
});

export const paperSummary = z.object({
  paperId: z.number().int(),
  postId: z.number().int(),
  number: z.string().nullable(),
  status,
  title: z.string(),
  updatedAt: z.string(),
  submittedAt: z.string().nullable(),
});

export const paperView = paperSummary.extend({
  postName: z.string(),
  titles: paperText(300),
  abstract: paperText(20_000),
  topicCode: z.string(),
  keywords: z.array(z.string()),
  authors: z.array(paperAuthorDraft),
  manuscript: z
    .object({
      fileId: z.number().int(),
      name: z.string(),
      size: z.number().int(),
      metadataStripped: z
        .boolean()
        .nullable()
        .describe('False: the PDF’s metadata (its author, say) could not be removed'),
    })
    .nullable(),
  round: z.number().int(),
  editable: z.array(z.enum(REVISABLE_PARTS)).describe('What the author may change now'),
  revisionDueAt: z.string().nullable(),
  canSubmit: z.boolean(),
  canWithdraw: z.boolean(),
  deadline: z.string().describe('The call’s close, or the revision’s due time'),
  authorisation: z
    .object({ signedAt: z.string(), signedName: z.string(), verifyCode: z.string().nullable() })
    .nullable(),
  history: z.array(
    z.object({
      from: status.nullable(),
      to: status,
      by: z.enum(['author', 'editor', 'system']),
      comment: z.string(),
      at: z.string(),
    }),
  ),
  reviews: z
    .array(z.object({ label: z.string(), round: z.number().int(), toAuthors: z.string() }))
    .describe('Reviewers’ comments to the authors once a decision names them; reviewers are never named'),
});
export type PaperView = z.infer<typeof paperView>;

/** Reviewers' reports (amsw0801). */
export const reviewReportBody = z.object({
  paperId: z.number().int().positive(),
  scores: z.record(z.string(), z.number().int().min(0).max(100)),
  recommendation: z.enum(RECOMMENDATIONS).nullable(),
  toAuthors: line(10_000),
  toEditor: line(10_000),
  submit: z.boolean().describe('True sends the report to the editor; false keeps it as a draft'),
});

/** `POST /api/amsw0801/assign`: an editor gives a paper's open round to a reviewer, due at the end of `dueOn` (Taipei). */
export const assignReviewerBody = z.object({
  paperId: z.number().int().positive(),
  reviewerId: z.number().int().positive(),
  dueOn: z.iso.date().optional(),
});

/** `POST /api/amsw0801/revoke` and `/resend`: one assignment of a paper. */
export const assignmentBody = z.object({
  paperId: z.number().int().positive(),
  assignmentId: z.number().int().positive(),
});

export const paperDeclareBody = z.object({
  paperId: z.number().int().positive(),
  declaration: z.enum(['none', 'conflict']),
});

/** `POST /api/amsw0801/decide`: the editor's decision on the open round. */
export const paperDecideBody = z.object({
  paperId: z.number().int().positive(),
  decision: z.enum(['accept', 'reject', 'revise']),
  comment: line(10_000).default(''),
  staffNote: line(5_000).default(''),
  reopened: z.array(z.enum(REVISABLE_PARTS)).max(REVISABLE_PARTS.length).default([]),
  revisionDays: z.number().int().min(1).max(180).optional(),
});

/** `POST /api/amsw0801/claim`: a mailed link used, with the reviewer's declaration. */
export const claimLinkBody = z.object({
  token: z.string().min(1).max(200),
  declaration: z.enum(['none', 'conflict']),
});

export const paperFileQuery = z.object({ paperId: idParam, round: idParam });

/** `PUT /api/amsw0801/expertise`: what a reviewer reviews. */
export const expertiseBody = z.object({
  topics: z.array(line(40)).max(30),
  keywords: z.array(line(60)).max(30),
});
