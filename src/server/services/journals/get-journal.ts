import { count, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { ErrorCode } from '../../../lib/error-codes';
import type { Locale } from '../../../lib/locales';
import type { journalDetailResponse } from '../../../lib/schemas/journals';
import { journalPapers } from '../../db/schema';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { JOURNALS_TTL_MS, journalSummary, publishedNumbers, visibleJournal } from './journal-rows';

export type JournalDetail = z.output<typeof journalDetailResponse>;

/**
 * One journal with its volumes, newest first, and their published issues in order. An unknown
 * or hidden journal answers -6.
 */
export async function getJournal(journalListId: number, locale: Locale): Promise<JournalDetail> {
  const rt = await runtime();
  return rt.cache.get(`journals:${journalListId}:${locale}`, () => build(journalListId, locale), JOURNALS_TTL_MS);
}

async function build(journalListId: number, locale: Locale): Promise<JournalDetail> {
  const row = await visibleJournal(journalListId);
  if (!row) throw new AppError(ErrorCode.NO_DATA);
  const numbers = await publishedNumbers([row.journal.id], new Date(), locale);
  const counts = await paperCounts(numbers.map((n) => n.journalNumberId));

  const volumeList: JournalDetail['volumeList'] = [];
  // `numbers` is newest first; each volume lists its issues from number 1 up.
  for (const n of numbers) {
    let volume = volumeList.at(-1);
    if (volume?.journalVolumeId !== n.journalVolumeId) {
      volume = { journalVolumeId: n.journalVolumeId, volume: n.volume, year: n.year, numberList: [] };
      volumeList.push(volume);
    }
    volume.numberList.unshift({
      journalNumberId: n.journalNumberId,
      number: n.number,
      title: n.title,
      publishedAt: n.publishedAt,
      coverFileId: n.coverFileId,
      coverWidth: n.coverWidth,
      coverHeight: n.coverHeight,
      paperCount: counts.get(n.journalNumberId) ?? 0,
    });
  }
  return { ...journalSummary(row, numbers[0], locale), volumeList };
}

async function paperCounts(numberIds: number[]): Promise<Map<number, number>> {
  if (numberIds.length === 0) return new Map();
  const { db } = (await runtime()).database;
  const rows = await db
    .select({ id: journalPapers.journalNumberId, n: count() })
    .from(journalPapers)
    .where(inArray(journalPapers.journalNumberId, numberIds))
    .groupBy(journalPapers.journalNumberId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}
