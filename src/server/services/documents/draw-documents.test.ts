import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AttendanceFacts, PaperAuthorisationFacts, TranscriptFacts } from '../../../lib/documents/facts';
import type { Locale } from '../../../lib/locales';
import { AUTHORISATION_VERSION, authorisationText } from '../../../lib/papers/authorisation-text';
import { drawDocument, drawTicket } from './draw-documents';
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

function authorisation(signedIn: Locale, { longTitle = false, authors = 3 } = {}): IssuedDocument {
  const names = [
    { nameZh: '林美玲', nameEn: 'Lin Mei-Ling' },
    { nameZh: '王小明', nameEn: 'Wang Hsiao-Ming' },
    { nameZh: '陳大文', nameEn: 'Chen Ta-Wen' },
  ];
  const facts: PaperAuthorisationFacts = {
    society,
    paperNumber: 'P2026-0042',
    title: longTitle
      ? {
          zh: '急診重症病人早期敗血症辨識與處置之多中心前瞻性研究：'.repeat(5),
          en: 'A multicentre prospective study of the early recognition of sepsis in emergency patients; '.repeat(5),
        }
      : { zh: '急診敗血症早期辨識之前瞻性研究', en: 'Early recognition of sepsis in the emergency department' },
    call: { 'zh-tw': '2026 年會論文徵稿', 'en-us': '2026 Annual Meeting call for papers' },
    authors: Array.from({ length: authors }, (_, i) => names[i % names.length]!),
    signer: names[0]!,
    signedName: signedIn === 'en-us' ? 'Mei-Ling Lin' : '林美玲',
    signedAt: '2026-05-01T02:13:00Z',
    textVersion: AUTHORISATION_VERSION,
    text: authorisationText(signedIn),
    locale: signedIn,
  };
  return {
    ...transcript(0),
    kind: 'paperAuthorisation',
    number: 'PA2026-000017',
    facts: facts as unknown as Record<string, unknown>,
  } as IssuedDocument;
}

/** The first words of a paragraph, as pdftotext gives them back (one line, spaces squeezed). */
const firstWords = (paragraph: string, locale: Locale) =>
  locale === 'en-us' ? paragraph.split(' ').slice(0, 6).join(' ') : paragraph.slice(0, 12);
const squeezed = (text: string) => text.replace(/\s+/g, ' ');

describe('a paper authorisation', () => {
  it.each([
    ['zh-tw', 'zh-tw', '論文授權書', '2026/05/01 10:13'],
    ['en-us', 'en-us', 'Paper authorisation', 'May 01, 2026, 10:13 AM'],
    ['en-us', 'zh-tw', 'Paper authorisation', 'May 01, 2026, 10:13 AM'],
    ['zh-tw', 'en-us', '論文授權書', '2026/05/01 10:13'],
  ] as const)(
    'draws the paper, the text as signed, the signature and the verification code (read in %s, signed in %s)',
    async (locale, signedIn, title, signedAt) => {
      const text = pages(await draw(authorisation(signedIn), locale));
      expect(text).toHaveLength(1);
      const page = squeezed(text[0]!);
      expect(page).toContain(title);
      expect(page).toContain('P2026-0042');
      // The title in both languages, the authors in order, the name typed and the moment in Taipei.
      expect(page).toContain('急診敗血症早期辨識之前瞻性研究');
      expect(page).toContain('Early recognition of sepsis');
      expect(page).toContain(
        locale === 'en-us' ? 'Lin Mei-Ling, Wang Hsiao-Ming, Chen Ta-Wen' : '林美玲、王小明、陳大文',
      );
      expect(page).toContain(signedIn === 'en-us' ? 'Mei-Ling Lin' : '林美玲');
      expect(page).toContain(signedAt);
      expect(page).toContain(AUTHORISATION_VERSION);
      for (const paragraph of authorisationText(signedIn)) expect(page).toContain(firstWords(paragraph, signedIn));
      expect(page).toContain('ABCDE-FGHJK');
      // One line says so when the text was signed in the other language.
      if (locale === signedIn) expect(page).not.toMatch(/signed in (Chinese|English)|以(中|英)文簽署/);
      else expect(page).toContain(locale === 'en-us' ? 'signed in Chinese' : '以英文簽署');
    },
  );

  it.each(['zh-tw', 'en-us'] as const)(
    'runs to a second page with the running header and page numbers for a long title and many authors (%s)',
    async (locale) => {
      const text = pages(await draw(authorisation(locale, { longTitle: true, authors: 60 }), locale));
      expect(text).toHaveLength(2);
      const societyName = society[locale];
      const title = locale === 'en-us' ? 'Paper authorisation' : '論文授權書';
      text.forEach((page, i) => {
        expect(page).toContain(societyName);
        expect(page).toContain(title);
        expect(page).toContain('P2026-0042');
        expect(page).toMatch(new RegExp(`\\b${i + 1}\\s*/\\s*2\\b`));
      });
      // The signature and the verification code end the document together.
      const last = squeezed(text[1]!);
      expect(last).toContain(locale === 'en-us' ? 'Signed by Mei-Ling Lin (Lin Mei-Ling)' : '簽署人 林美玲');
      expect(last).toContain('ABCDE-FGHJK');
      expect(last).toContain(firstWords(authorisationText(locale).at(-1)!, locale));
    },
  );
});

describe('the ticket', () => {
  const ticket = {
    number: 'G2026-000123',
    event: '第十五屆會員大會暨學術研討會',
    startsAt: new Date('2026-11-22T01:00:00Z'),
    endsAt: new Date('2026-11-22T09:00:00Z'),
    place: '臺大醫院國際會議中心',
    ticketType: '全程',
    holder: '林美玲',
    url: 'https://portal.example.org/ticket/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCdE',
  };

  it.each([
    ['zh-tw', '入場票券', '臺北時間'],
    ['en-us', 'Admission ticket', 'Taipei time'],
  ] as const)(
    'is one page in %s: the event, its time, the holder, the number and the address',
    async (locale, title, zone) => {
      const [page, ...more] = pages(await drawTicket(ticket, society[locale], locale));
      expect(more).toEqual([]);
      const text = page!.replace(/\s+/g, ' ');
      // The title is spaced out (入 場 票 券).
      expect(text.replaceAll(' ', '')).toContain(title.replaceAll(' ', ''));
      for (const fact of [ticket.event, ticket.place, ticket.holder, ticket.number, zone, ticket.url])
        expect(text).toContain(fact);
      // Intl's thin spaces would draw as missing glyphs.
      expect(text).not.toMatch(/[\u2000-\u200a\u202f]/);
    },
  );
});

describe('the certificate of attendance', () => {
  const facts: AttendanceFacts = {
    society,
    holder: { nameZh: '林美玲', nameEn: 'Lin Mei-Ling' },
    memberNo: 'M2019-0007',
    event: { 'zh-tw': '2026 年會', 'en-us': 'Annual congress 2026' },
    place: { 'zh-tw': '臺北國際會議中心', 'en-us': 'Taipei International Convention Center' },
    firstDay: '2026-10-03',
    lastDay: '2026-10-04',
    sessions: [
      {
        day: '2026-10-03',
        startMinute: 540,
        endMinute: 720,
        title: { 'zh-tw': '急診重症處置', 'en-us': 'Emergency critical care' },
        points: 3,
        certification: { 'zh-tw': '醫師執業執照', 'en-us': 'Medical practice licence' },
        creditClass: 'A',
      },
      {
        day: '2026-10-04',
        startMinute: 840,
        endMinute: 960,
        title: { 'zh-tw': '會員大會', 'en-us': 'General assembly' },
        points: 0,
        certification: null,
        creditClass: null,
      },
    ],
    totals: [{ certification: { 'zh-tw': '醫師執業執照', 'en-us': 'Medical practice licence' }, points: 3 }],
  };
  const issued = {
    ...transcript(0),
    kind: 'attendance',
    number: 'A2026-000007',
    facts: facts as unknown as Record<string, unknown>,
  } as IssuedDocument;

  it.each([
    [
      'zh-tw',
      [
        '出席證明',
        '林美玲',
        '2026 年會',
        '急診重症處置',
        '09:00–12:00',
        '會員大會',
        '不計積分',
        '醫師執業執照：共 3 分',
      ],
    ],
    [
      'en-us',
      [
        'Certificate of Attendance',
        'Lin Mei-Ling',
        'Annual congress 2026',
        'Emergency critical care',
        'General assembly',
        'No credits',
        'Medical practice licence: 3 points in all',
      ],
    ],
  ] as const)(
    'lists the sessions attended with their points and the total, with its verification code (%s)',
    async (locale, words) => {
      const text = pages(await draw(issued, locale)).join('\n');
      for (const word of words) expect(text).toContain(word);
      expect(text).toContain('A2026-000007');
      expect(text).toContain('ABCDE-FGHJK');
    },
  );
});
