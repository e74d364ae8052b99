import { emailSchema } from '../validators/schemas';
import type { PaperAuthor, PaperText } from './model';

/** What a submission is checked on: the paper as saved and its call's rules. */
export interface SubmissionInput {
  title: PaperText;
  abstract: PaperText;
  topicCode: string;
  keywords: string[];
  authors: PaperAuthor[];
  manuscriptFileId: number | null;
}

export interface CallRules {
  topics: { code: string }[];
  maxAuthors: number;
  abstractMaxChars: number;
}

/** Keywords a paper names: at least one, at most this many. */
export const MAX_KEYWORDS = 8;

/** Characters as a reader counts them (a CJK character is one), not UTF-16 units. */
export function charCount(text: string): number {
  return Array.from(text.trim()).length;
}

/**
 * What keeps a paper from being sent, as field paths with a reason (the form marks them): both
 * languages of the title and abstract, the abstract within the call's length, a topic of the call's,
 * one to eight keywords, one to `maxAuthors` authors each with a name, a valid e-mail and an
 * affiliation, exactly one presenting and one corresponding author, and the manuscript.
 */
export function submissionProblems(paper: SubmissionInput, call: CallRules): { field: string; reason: string }[] {
  const problems: { field: string; reason: string }[] = [];
  const need = (field: string, ok: boolean, reason = 'required') => {
    if (!ok) problems.push({ field, reason });
  };
  for (const lang of ['zh', 'en'] as const) {
    need(`title.${lang}`, paper.title[lang].trim() !== '');
    need(`abstract.${lang}`, paper.abstract[lang].trim() !== '');
    if (charCount(paper.abstract[lang]) > call.abstractMaxChars) need(`abstract.${lang}`, false, 'tooLong');
  }
  if (call.topics.length > 0)
    need(
      'topicCode',
      call.topics.some((t) => t.code === paper.topicCode),
    );
  const keywords = paper.keywords.filter((k) => k.trim() !== '');
  need('keywords', keywords.length > 0);
  if (keywords.length > MAX_KEYWORDS) need('keywords', false, 'tooMany');
  need('authors', paper.authors.length > 0);
  if (paper.authors.length > call.maxAuthors) need('authors', false, 'tooMany');
  paper.authors.forEach((author, i) => {
    need(`authors.${i}.nameZh`, author.nameZh.trim() !== '' || author.nameEn.trim() !== '');
    need(
      `authors.${i}.email`,
      emailSchema.safeParse(author.email).success,
      author.email.trim() === '' ? 'required' : 'email',
    );
    need(`authors.${i}.affiliation`, author.affiliation.trim() !== '');
  });
  if (paper.authors.length > 0) {
    need('authors', paper.authors.filter((a) => a.presenting).length === 1, 'onePresenting');
    need('authors', paper.authors.filter((a) => a.corresponding).length === 1, 'oneCorresponding');
  }
  need('manuscript', paper.manuscriptFileId !== null);
  return problems;
}
