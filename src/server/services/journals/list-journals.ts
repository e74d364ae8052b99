import type { z } from 'zod';
import type { Locale } from '../../../lib/locales';
import type { journalListResponse } from '../../../lib/schemas/journals';
import { runtime } from '../../runtime';
import { JOURNALS_TTL_MS, journalSummary, publishedNumbers, visibleJournals } from './journal-rows';

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
  return journals.map((row) =>
    journalSummary(
      row,
      numbers.find((n) => n.journalListId === row.journal.id),
      locale,
    ),
  );
}
