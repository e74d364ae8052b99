import { expect } from 'vitest';
import { api } from './helpers';

export interface NumberRef {
  journalVolumeId: number;
  journalNumberId: number;
  volume: number;
  number: number;
  year: number;
}
export interface JournalSummary {
  journalListId: number;
  name: string;
  description: string;
  issn: string | null;
  coverFileId: number | null;
  latestNumber: (NumberRef & { publishedAt: string }) | null;
}
export interface JournalDetail extends JournalSummary {
  volumeList: {
    journalVolumeId: number;
    volume: number;
    year: number;
    numberList: { journalNumberId: number; number: number; title: string; publishedAt: string; paperCount: number }[];
  }[];
}
export interface Paper {
  paperId: number;
  section: string;
  title: string;
  authors: string;
  abstract: string;
  pages: string | null;
  doi: string | null;
  pdfFileId: number | null;
  pdfSize: number | null;
}
export interface JournalNumber extends NumberRef {
  journalListId: number;
  journalName: string;
  title: string;
  publishedAt: string;
  coverFileId: number | null;
  paperList: Paper[];
  previousNumber: NumberRef | null;
  nextNumber: NumberRef | null;
}

export async function journals(lang: 'zh-tw' | 'en-us' = 'zh-tw'): Promise<JournalSummary[]> {
  const res = await api<{ journalList: JournalSummary[] }>('/api/amsw0303', { lang });
  expect(res.body.code).toBe(0);
  return res.body.data.journalList;
}

/** The society's main journal (the one with an ISSN) with its volumes. */
export async function mainJournal(lang: 'zh-tw' | 'en-us' = 'zh-tw'): Promise<JournalDetail> {
  const main = (await journals(lang)).find((j) => j.issn)!;
  const res = await api<JournalDetail>(`/api/amsw0303/detail?journalListId=${main.journalListId}`, { lang });
  expect(res.body.code).toBe(0);
  return res.body.data;
}

export async function journalNumber(
  journalVolumeId: number,
  journalNumberId: number,
  lang: 'zh-tw' | 'en-us' = 'zh-tw',
): Promise<JournalNumber> {
  const res = await api<JournalNumber>(
    `/api/amsw0303/number?journalVolumeId=${journalVolumeId}&journalNumberId=${journalNumberId}`,
    { lang },
  );
  expect(res.body.code).toBe(0);
  return res.body.data;
}

/** The newest published issue of the main journal. */
export async function latestIssue(lang: 'zh-tw' | 'en-us' = 'zh-tw'): Promise<JournalNumber> {
  const latest = (await mainJournal(lang)).latestNumber!;
  return journalNumber(latest.journalVolumeId, latest.journalNumberId, lang);
}
