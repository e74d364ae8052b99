import { z } from 'zod';
import { blankIsAbsent, idParam } from './common';
import { MOVE_DIRECTIONS } from './content-home';

/**
 * The content desk's journals (DESIGN.md §19, Content): journals, their volumes and their issues
 * ("numbers") as the public journal pages read them.
 */

const id = z.number().int().positive().max(2_147_483_647);
const line = (max: number) => z.string().trim().max(max);
/** The `updatedAt` a form was filled from: a change since refuses the save (-10 `contentChanged`). */
const seen = z.iso.datetime({ offset: true });

/** Where an issue stands: not out, out on a later day, or out. */
export const ISSUE_STATES = ['draft', 'scheduled', 'published'] as const;
export type IssueState = (typeof ISSUE_STATES)[number];

export const journalFields = z.object({
  nameZh: line(200).min(1),
  nameEn: line(200).default(''),
  descriptionZh: line(2000).default(''),
  descriptionEn: line(2000).default(''),
  issn: z
    .string()
    .trim()
    .regex(/^(\d{4}-\d{3}[\dX])?$/, 'must be an ISSN like 1234-567X')
    .default(''),
  visible: z.boolean().default(true),
});

export const journalSaveBody = journalFields.extend({
  /** Absent: a new journal, placed last. */
  journalListId: id.optional(),
  coverFileId: id.nullable().default(null),
  updatedAt: seen.optional(),
});
export type JournalSaveInput = z.output<typeof journalSaveBody>;

export const journalMoveBody = z.object({ journalListId: id, direction: z.enum(MOVE_DIRECTIONS) });

const year = z.number().int().min(1900).max(2200);

export const volumeSaveBody = z.object({
  journalListId: id,
  /** Absent: a new volume. */
  journalVolumeId: id.optional(),
  volume: z.number().int().min(1).max(100_000),
  year,
  updatedAt: seen.optional(),
});
export type VolumeSaveInput = z.output<typeof volumeSaveBody>;

export const issueFields = z.object({
  titleZh: line(200).default(''),
  titleEn: line(200).default(''),
  /** Taipei day it comes out; empty or today is now. */
  publishedOn: z.union([z.literal(''), z.iso.date()]).default(''),
});

export const issueSaveBody = issueFields.extend({
  journalVolumeId: id,
  /** Absent: a new issue. */
  journalNumberId: id.optional(),
  number: z.number().int().min(1).max(1000),
  coverFileId: id.nullable().default(null),
  /** Out on `publishedOn` (true) or not out (false: a draft, or taken back). */
  publish: z.boolean().default(false),
  updatedAt: seen.optional(),
});
export type IssueSaveInput = z.output<typeof issueSaveBody>;

export const deskIssue = z.object({
  journalNumberId: z.number().int(),
  number: z.number().int(),
  titleZh: z.string(),
  titleEn: z.string(),
  coverFileId: z.number().int().nullable(),
  state: z.enum(ISSUE_STATES),
  publishedAt: z.string().nullable(),
  paperCount: z.number().int(),
  updatedAt: z.string(),
});
export type DeskIssue = z.infer<typeof deskIssue>;

export const deskVolume = z.object({
  journalVolumeId: z.number().int(),
  volume: z.number().int(),
  year: z.number().int(),
  updatedAt: z.string(),
  issues: z.array(deskIssue),
});
export type DeskVolume = z.infer<typeof deskVolume>;

export const deskJournal = z.object({
  journalListId: z.number().int(),
  nameZh: z.string(),
  nameEn: z.string(),
  descriptionZh: z.string(),
  descriptionEn: z.string(),
  issn: z.string(),
  coverFileId: z.number().int().nullable(),
  visible: z.boolean(),
  updatedAt: z.string(),
  /** Newest volume first; each volume's issues from number 1 up. */
  volumes: z.array(deskVolume),
});
export type DeskJournal = z.infer<typeof deskJournal>;

export const deskJournalList = z.object({ journals: z.array(deskJournal) });
export const journalIdQuery = z.object({
  journalListId: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number),
});

/** The island's forms: numbers as their inputs send them. */
const whole = (max: number) =>
  z
    .string()
    .regex(/^[1-9]\d*$/)
    .refine((v) => Number(v) <= max);
export const journalForm = journalFields;
export const volumeForm = z.object({ volume: whole(100_000), year: z.string().regex(/^(19|20|21)\d\d$/) });
export const issueForm = issueFields.extend({ number: whole(1000) });

// --- An issue's papers ---------------------------------------------------------------------------

/** A DOI as printed (`10.1234/abc.2026.1`), without the resolver's address; empty for none. */
const doi = z
  .string()
  .trim()
  .max(200)
  .regex(/^(10\.\d{4,9}\/\S+)?$/, 'must be a DOI like 10.1234/abc.2026.1');

/** A paper's texts: section, title, authors and abstract per language (Chinese title and authors required), pages and DOI. */
export const paperFields = z.object({
  sectionZh: line(100).default(''),
  sectionEn: line(100).default(''),
  titleZh: line(500).min(1),
  titleEn: line(500).default(''),
  authorsZh: line(1000).min(1),
  authorsEn: line(1000).default(''),
  abstractZh: line(10_000).default(''),
  abstractEn: line(10_000).default(''),
  /** e.g. `1-8` or `e12`. */
  pages: line(30).default(''),
  doi: doi.default(''),
});

export const paperSaveBody = paperFields.extend({
  journalNumberId: id,
  /** Absent: a new paper, placed last. */
  paperId: id.optional(),
  /** The full text: a PDF among the society's files. */
  pdfFileId: id.nullable().default(null),
  updatedAt: seen.optional(),
});
export type PaperSaveInput = z.output<typeof paperSaveBody>;

export const paperMoveBody = z.object({ paperId: id, direction: z.enum(MOVE_DIRECTIONS) });
export const paperDeleteBody = z.object({ paperId: id, updatedAt: seen });
export const issueIdQuery = z.object({
  journalNumberId: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number),
});

export const deskPaper = z.object({
  paperId: z.number().int(),
  sectionZh: z.string(),
  sectionEn: z.string(),
  titleZh: z.string(),
  titleEn: z.string(),
  authorsZh: z.string(),
  authorsEn: z.string(),
  abstractZh: z.string(),
  abstractEn: z.string(),
  pages: z.string(),
  doi: z.string(),
  pdfFileId: z.number().int().nullable(),
  pdfName: z.string().nullable(),
  updatedAt: z.string(),
});
export type DeskPaper = z.infer<typeof deskPaper>;

/** An issue with the journal and volume it belongs to, and its papers in their order. */
export const deskIssuePapers = z.object({
  journalListId: z.number().int(),
  journalNameZh: z.string(),
  journalNameEn: z.string(),
  journalVolumeId: z.number().int(),
  volume: z.number().int(),
  year: z.number().int(),
  issue: deskIssue,
  papers: z.array(deskPaper),
});
export type DeskIssuePapers = z.infer<typeof deskIssuePapers>;

/** The paper form in the browser. */
export const paperForm = paperFields;

/** The journals desk's paper finder shows this many a page. */
export const FOUND_PAPERS_PAGE = 50;

/** The journals desk's paper finder: words of a paper (title, authors, abstract), and the page. */
export const paperFinderQuery = z.object({
  q: blankIsAbsent(
    z
      .string()
      .trim()
      .max(100)
      .describe('Words in the title, authors or abstract, in either language, found as site search finds them'),
  ),
  page: blankIsAbsent(idParam),
});
export type PaperFinderFilter = z.output<typeof paperFinderQuery>;

/** A paper the finder found, with the issue it is in (its desk: `/staff/content/journals/issues/{journalNumberId}`). */
export const foundPaper = z.object({
  paperId: z.number().int(),
  journalNumberId: z.number().int(),
  title: z.string(),
  authors: z.string(),
  journalName: z.string(),
  volume: z.number().int(),
  year: z.number().int(),
  number: z.number().int(),
  /** The issue's state: a paper is public with its issue. */
  state: z.enum(ISSUE_STATES),
});
export type FoundPaper = z.output<typeof foundPaper>;

export const foundPapers = z.object({
  rows: z.array(foundPaper),
  page: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
