import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { ErrorCode } from '../../../lib/error-codes';
import { pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import type { journalNumberResponse } from '../../../lib/schemas/journals';
import { files, journalPapers, journalVolumes } from '../../db/schema';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { JOURNALS_TTL_MS, numberRef, publishedNumbers, visibleJournal } from './journal-rows';

export type JournalNumber = z.output<typeof journalNumberResponse>;

/**
 * One published issue with its table of contents. The issue must belong to the volume, be
 * published and be of a visible journal; otherwise -6.
 */
export async function getJournalNumber(
  journalVolumeId: number,
  journalNumberId: number,
  locale: Locale,
): Promise<JournalNumber> {
  const rt = await runtime();
  return rt.cache.get(
    `journals:number:${journalVolumeId}:${journalNumberId}:${locale}`,
    () => build(journalVolumeId, journalNumberId, locale),
    JOURNALS_TTL_MS,
  );
}

async function build(journalVolumeId: number, journalNumberId: number, locale: Locale): Promise<JournalNumber> {
  const { db } = (await runtime()).database;
  const [volume] = await db.select().from(journalVolumes).where(eq(journalVolumes.id, journalVolumeId)).limit(1);
  const journal = volume && (await visibleJournal(volume.journalListId));
  if (!volume || !journal) throw new AppError(ErrorCode.NO_DATA);
  // The journal's published issues, newest first: this one, and its neighbours for links.
  const numbers = await publishedNumbers([volume.journalListId], new Date(), locale);
  const index = numbers.findIndex(
    (n) => n.journalNumberId === journalNumberId && n.journalVolumeId === journalVolumeId,
  );
  const issue = numbers[index];
  if (!issue) throw new AppError(ErrorCode.NO_DATA);
  const older = numbers[index + 1];
  const newer = numbers[index - 1];

  const papers = await db
    .select({ paper: journalPapers, pdfSize: files.size })
    .from(journalPapers)
    .leftJoin(files, eq(journalPapers.pdfFileId, files.id))
    .where(eq(journalPapers.journalNumberId, journalNumberId))
    .orderBy(asc(journalPapers.sort), asc(journalPapers.id));

  return {
    journalListId: journal.journal.id,
    journalName: pickText(journal.journal.name, locale),
    issn: journal.journal.issn,
    journalVolumeId,
    volume: issue.volume,
    year: issue.year,
    journalNumberId,
    number: issue.number,
    title: issue.title,
    publishedAt: issue.publishedAt,
    coverFileId: issue.coverFileId,
    coverWidth: issue.coverWidth,
    coverHeight: issue.coverHeight,
    paperList: papers.map(({ paper, pdfSize }) => ({
      paperId: paper.id,
      section: pickText(paper.section, locale),
      title: pickText(paper.title, locale),
      authors: pickText(paper.authors, locale),
      abstract: pickText(paper.abstract, locale),
      pages: paper.pages,
      doi: paper.doi,
      pdfFileId: paper.pdfFileId,
      pdfSize: paper.pdfFileId ? pdfSize : null,
    })),
    previousNumber: older ? numberRef(older) : null,
    nextNumber: newer ? numberRef(newer) : null,
  };
}
