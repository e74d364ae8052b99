import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import { files, journalLists, journalNumbers, journalVolumes } from '../../db/schema';
import { runtime } from '../../runtime';
import { journalNumberIsPublic } from '../content/visibility';

/** Journal pages follow publish times, so what they show is kept 30 seconds at most. */
export const JOURNALS_TTL_MS = 30_000;

export interface NumberRef {
  journalVolumeId: number;
  journalNumberId: number;
  volume: number;
  number: number;
  year: number;
}

export interface PublishedNumber extends NumberRef {
  journalListId: number;
  title: string;
  publishedAt: string;
  coverFileId: number | null;
  coverWidth: number | null;
  coverHeight: number | null;
}

const coverFile = alias(files, 'cover_file');

/** A visible journal with its cover's size, or undefined. */
export async function visibleJournal(journalListId: number) {
  const { db } = (await runtime()).database;
  const [row] = await db
    .select({ journal: journalLists, coverWidth: coverFile.width, coverHeight: coverFile.height })
    .from(journalLists)
    .leftJoin(coverFile, eq(journalLists.coverFileId, coverFile.id))
    .where(and(eq(journalLists.id, journalListId), eq(journalLists.visible, true)))
    .limit(1);
  return row;
}

/** Every visible journal in the society's order, with its cover's size. */
export async function visibleJournals() {
  const { db } = (await runtime()).database;
  return db
    .select({ journal: journalLists, coverWidth: coverFile.width, coverHeight: coverFile.height })
    .from(journalLists)
    .leftJoin(coverFile, eq(journalLists.coverFileId, coverFile.id))
    .where(eq(journalLists.visible, true))
    .orderBy(asc(journalLists.sort), asc(journalLists.id));
}

/** The published issues of some journals at `now`, newest first (by volume, then number). */
export async function publishedNumbers(
  journalListIds: number[],
  now: Date,
  locale: Locale,
): Promise<PublishedNumber[]> {
  if (journalListIds.length === 0) return [];
  const { db } = (await runtime()).database;
  const rows = await db
    .select({
      issue: journalNumbers,
      volume: journalVolumes,
      coverWidth: coverFile.width,
      coverHeight: coverFile.height,
    })
    .from(journalNumbers)
    .innerJoin(journalVolumes, eq(journalNumbers.journalVolumeId, journalVolumes.id))
    .leftJoin(coverFile, eq(journalNumbers.coverFileId, coverFile.id))
    .where(and(inArray(journalVolumes.journalListId, journalListIds), journalNumberIsPublic(now)))
    .orderBy(desc(journalVolumes.volume), desc(journalNumbers.number), desc(journalNumbers.id));
  return rows.map(({ issue, volume, coverWidth, coverHeight }) => ({
    journalListId: volume.journalListId,
    journalVolumeId: volume.id,
    journalNumberId: issue.id,
    volume: volume.volume,
    number: issue.number,
    year: volume.year,
    title: pickText(issue.title, locale),
    publishedAt: issue.publishedAt!.toISOString(),
    coverFileId: issue.coverFileId,
    coverWidth,
    coverHeight,
  }));
}

export function numberRef(n: NumberRef): NumberRef {
  return {
    journalVolumeId: n.journalVolumeId,
    journalNumberId: n.journalNumberId,
    volume: n.volume,
    number: n.number,
    year: n.year,
  };
}

/** What the journal list and a journal's page both say of a visible journal and its newest published issue. */
export function journalSummary(
  { journal, coverWidth, coverHeight }: NonNullable<Awaited<ReturnType<typeof visibleJournal>>>,
  latest: PublishedNumber | undefined,
  locale: Locale,
) {
  return {
    journalListId: journal.id,
    name: pickText(journal.name, locale),
    description: pickText(journal.description, locale),
    issn: journal.issn,
    coverFileId: journal.coverFileId,
    coverWidth,
    coverHeight,
    latestNumber: latest ? { ...numberRef(latest), publishedAt: latest.publishedAt } : null,
  };
}
