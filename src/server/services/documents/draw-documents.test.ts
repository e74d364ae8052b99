import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TranscriptFacts } from '../../../lib/documents/facts';
import type { Locale } from '../../../lib/locales';
import { drawDocument } from './draw-documents';
import type { IssuedDocument } from './issue-documents';

const folder = mkdtempSync(path.join(tmpdir(), 'draw-documents-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The text of each page of a PDF, as poppler's pdftotext reads it. */
function pages(bytes: Buffer): string[] {
  const file = path.join(folder, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
    .split('\f')
    .filter((page) => page.trim() !== '');
}

const society = { 'zh-tw': '臺灣臨床繼續教育醫學會', 'en-us': 'Taiwan Society of Clinical Continuing Education' };

function transcript(entries: number): IssuedDocument {
  const facts: TranscriptFacts = {
    society,
    holder: { nameZh: '林美玲', nameEn: 'Lin Mei-Ling' },
    memberNo: 'M2019-0007',
    certification: { 'zh-tw': '醫師執業執照', 'en-us': 'Medical practice licence' },
    issuer: { 'zh-tw': '衛生福利部', 'en-us': 'Ministry of Health and Welfare' },
    certificate: { number: '醫執字第 0987654 號', startsOn: '2022-01-01', endsOn: '2027-12-31' },
    requirements: [{ kind: 'total', have: 104, need: 120 }],
    met: false,
    entries: Array.from({ length: entries }, (_, i) => ({
      earnedOn: '2024-03-01',
      title: { 'zh-tw': `急診重症處置第 ${i + 1} 講`, 'en-us': `Emergency critical care, part ${i + 1}` },
      provider: '臺大醫院',
      category: { 'zh-tw': '專業課程', 'en-us': 'Professional' },
      method: 'course',
      creditClass: 'A',
      points: 2,
      counted: 2,
    })),
  };
  return {
    id: 1,
    kind: 'transcript',
    number: 'T2026-000042',
    accountId: 1,
    organisationId: null,
    subjectId: 1,
    facts: facts as unknown as Record<string, unknown>,
    verifyCode: 'ABCDEFGHJK',
    issuedAt: new Date('2026-05-01T02:00:00Z'),
    revokedAt: null,
    revokedReason: null,
  } as IssuedDocument;
}

const draw = (doc: IssuedDocument, locale: Locale) =>
  drawDocument(doc, locale, `https://portal.example.org/verify/ABCDE-FGHJK`);

describe('a document longer than a page', () => {
  it.each([
    ['zh-tw', '臺灣臨床繼續教育醫學會', '繼續教育積分證明', '林美玲'],
    ['en-us', 'Taiwan Society of Clinical Continuing Education', 'Continuing Education Transcript', 'Lin Mei-Ling'],
  ] as const)(
    'repeats the society, title, member number and name on every page and numbers the pages (%s)',
    async (locale, societyName, title, name) => {
      const text = pages(await draw(transcript(40), locale));
      expect(text.length).toBeGreaterThan(1);
      text.forEach((page, i) => {
        expect(page).toContain(societyName);
        expect(page).toContain(title);
        expect(page).toContain('M2019-0007');
        expect(page).toContain(name);
        expect(page).toMatch(new RegExp(`\\b${i + 1}\\s*/\\s*${text.length}\\b`));
      });
    },
  );

  it('keeps the verification code with the last entries, never alone on a page', async () => {
    // However many entries, the page with the verification code also carries the last entry.
    for (let n = 20; n <= 40; n++) {
      const text = pages(await draw(transcript(n), 'en-us'));
      const last = text.at(-1)!;
      expect(last).toContain('ABCDE-FGHJK');
      expect(last).toContain(`Emergency critical care, part ${n}`);
    }
  });

  it('leaves a one-page document unnumbered', async () => {
    const [only, ...more] = pages(await draw(transcript(2), 'zh-tw'));
    expect(more).toEqual([]);
    expect(only).not.toMatch(/\b1\s*\/\s*1\b/);
  });
});
