import type { z } from 'zod';
import { pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import type { journalListResponse } from '../../../lib/schemas/journals';
import { runtime } from '../../runtime';
import { JOURNALS_TTL_MS, numberRef, publishedNumbers, visibleJournals } from './journal-rows';

export type JournalSummary = z.output<typeof journalListResponse>['journalList'][number];

/** The journals the public sees, in the society's order, each with its newest published issue. */
export async function listJournals(locale: Locale): Promise<JournalSummary[]> {
  const rt = await runtime();
  return rt.cache.get(`journals:list:${locale}`, () => buildList(locale), JOURNALS_TTL_MS);
}

async function buildList(locale: Locale): Promise<JournalSummary[]> {
  const journals = await visibleJournals();
  const numbers = await publishedNumbers(
    journals.map((j) => j.journal.id),
    new Date(),
    locale,
  );
  return journals.map(({ journal, coverWidth, coverHeight }) => {
    const latest = numbers.find((n) => n.journalListId === journal.id);
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
  });
}
