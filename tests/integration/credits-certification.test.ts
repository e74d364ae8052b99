import { beforeAll, describe, expect, it } from 'vitest';
import { api, page, signIn } from './helpers';
import { codeIn, download, envelopeOf, pdfText } from './pdf-helpers';

interface Standing {
  met: boolean;
  total: { have: number; need: number };
  groups: { key: string; have: number; min: number; cap: number | null }[];
  methods: { method: string; have: number; cap: number }[];
  classes: { creditClass: string; have: number; need: number }[];
  shortfalls: { kind: string; missing: number; group?: string; creditClass?: string }[];
  window: { state: string; endsOn: string; opensOn: string };
}
interface Certification {
  certificate: { number: string; startsOn: string; endsOn: string } | null;
  standing: Standing | null;
  ledger: {
    title: string;
    method: string;
    points: number;
    counted: number | null;
    reason: string | null;
    earnedOn: string;
  }[];
  ledgerSize: number;
}

const MEMBER = ['member@example.org', 'Member2026demo'] as const;

let licence: number;
let specialist: number;
let member: { cookie: string; token: string };

const certification = (
  query: string,
  headers: Record<string, string> = { Authorization: `Bearer ${member.token}` },
  lang?: 'en-us',
) => api<Certification>(`/api/amsw0602/certification?${query}`, { headers, lang });

beforeAll(async () => {
  const list = await api<{ certificationList: { certificationId: number; name: string }[] }>('/api/amsw0602');
  licence = list.body.data.certificationList.find((c) => c.name === '醫師執業執照繼續教育')!.certificationId;
  specialist = list.body.data.certificationList.find((c) => c.name === '本會專科醫師證書')!.certificationId;
  const session = await signIn(...MEMBER);
  member = { cookie: session.cookie, token: session.token! };
});

describe('the certifications the society keeps credits for', () => {
  it('are listed for everyone in both languages', async () => {
    const en = await api<{ certificationList: { name: string; issuer: string }[] }>('/api/amsw0602', { lang: 'en-us' });
    expect(en.body.data.certificationList).toEqual([
      {
        certificationId: licence,
        name: 'Physician practising licence: continuing education',
        issuer: 'Ministry of Health and Welfare',
      },
      {
        certificationId: specialist,
        name: 'The society’s specialist certificate',
        issuer: 'Taiwan Society for Continuing Clinical Education',
      },
    ]);
  });
});

describe('where a member stands for a certification', () => {
  it('counts the licence’s ledger against its rules: short of all points and of quality, ethics and law', async () => {
    const { body } = await certification(`certificationId=${licence}`);
    expect(body.code).toBe(0);
    const { certificate, standing, ledger, ledgerSize } = body.data;
    expect(certificate?.number).toBe('醫執字第 0987654 號');
    expect(standing).toMatchObject({
      met: false,
      total: { have: 104, need: 120 },
      groups: [{ key: 'qualityEthicsLaw', have: 9, min: 12, cap: 24 }],
      methods: [{ method: 'online', have: 21, cap: 60 }],
      shortfalls: [
        { kind: 'total', missing: 16 },
        { kind: 'group', group: 'qualityEthicsLaw', missing: 3 },
      ],
    });
    // Eight months or so before the end: the renewal window has not opened.
    expect(standing!.window.state).toBe('notYet');
    expect(standing!.window.endsOn).toBe(certificate!.endsOn);
    expect(ledgerSize).toBe(12);
    expect(ledger[0]).toMatchObject({ title: '急診重症處置', points: 12, counted: 12, reason: null });
  });

  it('counts the specialist certificate’s class-A minimum and its own category', async () => {
    const { body } = await certification(
      `certificationId=${specialist}`,
      { Authorization: `Bearer ${member.token}` },
      'en-us',
    );
    expect(body.data.standing).toMatchObject({
      total: { have: 130, need: 300 },
      classes: [{ creditClass: 'A', have: 98, need: 150 }],
      shortfalls: [
        { kind: 'total', missing: 170 },
        { kind: 'class', creditClass: 'A', missing: 52 },
        { kind: 'group', group: 'ethicsLaw', missing: 2 },
      ],
    });
    expect(body.data.ledger.map((l) => l.title)).toContain('Paper: quality of diabetes care in primary practice');
  });

  it('filters the ledger by method, year, class and whether it counted', async () => {
    const online = await certification(`certificationId=${licence}&method=online`);
    expect(online.body.data.ledger.map((l) => l.method)).toEqual(['online', 'online']);
    expect(online.body.data.ledgerSize).toBe(12);
    const notCounted = await certification(`certificationId=${licence}&counted=no`);
    expect(notCounted.body.data.ledger).toEqual([]);
    const classB = await certification(`certificationId=${specialist}&class=B`);
    expect(classB.body.data.ledger.map((l) => l.points).sort()).toEqual([12, 20]);
    const all = (await certification(`certificationId=${licence}`)).body.data.ledger;
    const year = all[0]!.earnedOn.slice(0, 4);
    const ofYear = await certification(`certificationId=${licence}&year=${year}`);
    expect(ofYear.body.data.ledger).toEqual(all.filter((l) => l.earnedOn.startsWith(year)));
    expect(ofYear.body.data.ledger.length).toBeGreaterThan(0);
    const nextYear = new Date().getFullYear() + 1;
    expect((await certification(`certificationId=${licence}&year=${nextYear}`)).body.data.ledger).toEqual([]);
  });

  it('shows another member their own standing, and one without a certificate only their (empty) ledger', async () => {
    const renewing = await signIn('status-reviewer@example.org', 'Status2026demo');
    const theirs = await certification(`certificationId=${licence}`, { Cookie: renewing.cookie });
    expect(theirs.body.data.certificate?.number).toBe('醫執字第 0876543 號');
    expect(theirs.body.data.standing).toMatchObject({ met: true, total: { have: 126 }, shortfalls: [] });
    expect(theirs.body.data.standing!.window.state).toBe('open');
    const webUser = await signIn('webuser@example.org', 'Webuser2026demo');
    const none = await certification(`certificationId=${licence}`, { Cookie: webUser.cookie });
    expect(none.body.data).toMatchObject({ certificate: null, standing: null, ledger: [], ledgerSize: 0 });
  });

  it('refuses bad input, unknown certifications and readers who are not individuals', async () => {
    for (const query of [
      'certificationId=abc',
      `certificationId=${licence}&year=20x6`,
      `certificationId=${licence}&class=C`,
      `certificationId=${licence}&method=osmosis`,
      `certificationId=${licence}&counted=maybe`,
      `certificationId=${licence}&category=${'x'.repeat(60)}`,
    ])
      expect((await certification(query)).body.code, query).toBe(-10);
    expect((await certification('')).body.code).toBe(-2);
    expect((await certification('certificationId=999999')).body.code).toBe(-6);
    expect((await certification(`certificationId=${licence}`, {})).body.code).toBe(-9);
    const organ = await signIn('organ@example.org', 'Organ2026demo', 'organ');
    expect((await certification(`certificationId=${licence}`, { Cookie: organ.cookie })).body.code).toBe(-11);
  });
});

describe('the certification page', () => {
  const as = (path: string, cookie = member.cookie) => page(path, { headers: { Cookie: cookie } });

  it('tells the member what is missing and by when, draws it and lists the ledger, in both languages', async () => {
    const zh = await as(`/member/certification/${licence}`);
    expect(zh.status).toBe(200);
    expect(zh.headers.get('cache-control')).toBe('no-store');
    expect(zh.html).toContain('醫執字第 0987654 號');
    expect(zh.html).toContain('總積分還差 16 點');
    expect(zh.html).toContain('專業品質、倫理及法規還差 3 點');
    expect(zh.html).toContain('總積分 104 / 120 點');
    expect(zh.html).toContain('顯示 12 筆，共 12 筆');
    expect(zh.html).toContain('<svg');
    const en = await as(`/en-us/member/certification/${licence}?method=online`);
    expect(en.html).toContain('16 more points in all');
    expect(en.html).toContain('3 more points of Quality, ethics and law');
    expect(en.html).toContain('Showing 2 of 12');
    expect(en.html).toMatch(/<option value="online" selected/);
    expect(en.html).toContain('Clear filters');
  });

  it('names the society as an entry’s provider in the reader’s language', async () => {
    const en = await as(`/en-us/member/certification/${specialist}`);
    const main = /<main[\s\S]*<\/main>/.exec(en.html)![0];
    expect(main).toContain('Taiwan Society for Continuing Clinical Education');
    expect(main).not.toContain('臺灣臨床繼續教育醫學會');
    const zh = await as(`/member/certification/${specialist}`);
    expect(/<main[\s\S]*<\/main>/.exec(zh.html)![0]).toContain('臺灣臨床繼續教育醫學會');
  });

  it('says when a filter keeps nothing, and ignores a filter value that is not a choice', async () => {
    const none = await as(`/member/certification/${licence}?counted=no`);
    expect(none.html).toContain('沒有符合篩選條件的紀錄。');
    const stale = await as(`/member/certification/${licence}?method=osmosis&year=abcd`);
    expect(stale.status).toBe(200);
    expect(stale.html).toContain('顯示 12 筆，共 12 筆');
  });

  it('is listed in the member centre', async () => {
    const centre = await as('/member/center');
    expect(centre.html).toContain(`href="/member/certification/${licence}"`);
    expect(centre.html).toContain(`href="/member/certification/${specialist}"`);
  });

  it('answers 404 for an unknown or malformed certification, and sends others to their own place', async () => {
    expect((await as('/member/certification/999999')).status).toBe(404);
    expect((await as('/member/certification/abc')).status).toBe(404);
    const anonymous = await page(`/member/certification/${licence}`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toMatch(/^\/login\?redirect=/);
    const organ = await signIn('organ@example.org', 'Organ2026demo', 'organ');
    const theirs = await as(`/member/certification/${licence}`, organ.cookie);
    expect(theirs.status).toBe(302);
    expect(theirs.headers.get('location')).toBe('/organ/center');
  });
});

describe('the credit transcript', () => {
  it('states the standing and every entry of the period, in either language, issued once while the ledger is unchanged', async () => {
    const auth = { Cookie: member.cookie };
    const zh = await download(`/api/amsw0602/transcript?certificationId=${licence}`, auth);
    expect(zh.res.status).toBe(200);
    expect(zh.res.headers.get('content-type')).toBe('application/pdf');
    expect(zh.res.headers.get('cache-control')).toBe('private, no-store');
    expect(zh.head).toBe('%PDF-');
    const number = /filename="transcript-(T\d{4}-\d{6})\.pdf"/.exec(
      zh.res.headers.get('content-disposition') ?? '',
    )?.[1];
    expect(number).toBeDefined();
    const text = pdfText(zh.bytes);
    expect(text).toContain('繼續教育積分證明');
    expect(text).toContain('林美玲');
    expect(text).toContain('醫執字第 0987654 號');
    expect(text).toMatch(/總積分\s+104 \/ 120 點/);
    expect(text).toContain('尚未符合此證書的全部積分規定');
    expect(text).toContain('急診重症處置');
    const code = codeIn(text);
    expect(code).not.toBe('');

    const en = await download(`/api/amsw0602/transcript?certificationId=${licence}&lang=en-us`, auth);
    expect(en.res.headers.get('content-disposition')).toContain(`transcript-${number}.pdf`);
    const enText = pdfText(en.bytes);
    expect(enText).toContain('Continuing Education Transcript');
    expect(enText).toContain('Lin Mei-Ling');
    expect(enText).toContain('Emergency critical care');
    // The society's own entries name it in English, as the header does (the seal stays in Chinese).
    const records = pdfText(
      (await download(`/api/amsw0602/transcript?certificationId=${specialist}&lang=en-us`, auth)).bytes,
    );
    expect(records.match(/Taiwan Society for Continuing Clinical/g)?.length).toBeGreaterThan(4);
    expect(records).not.toContain('臺灣臨床繼續教育醫學會');
    expect(codeIn(enText)).toBe(code);

    const verified = await page(`/en-us/verify/${code}`);
    expect(verified.html).toContain('Credit transcript');
    expect(verified.html).toContain(number!);
  });

  it('is refused without a certificate of the kind, for an unknown one and to organisations', async () => {
    const webUser = await signIn('webuser@example.org', 'Webuser2026demo');
    const none = await download(
      `/api/amsw0602/transcript?certificationId=${licence}`,
      { Cookie: webUser.cookie },
      'en-us',
    );
    expect(none.res.headers.get('content-type')).toContain('application/json');
    expect(envelopeOf(none.bytes).code).toBe(-6);
    const unknown = await download('/api/amsw0602/transcript?certificationId=999999', { Cookie: member.cookie });
    expect(envelopeOf(unknown.bytes).code).toBe(-6);
    const bad = await download('/api/amsw0602/transcript?certificationId=x', { Cookie: member.cookie });
    expect(envelopeOf(bad.bytes).code).toBe(-10);
    const organ = await signIn('organ@example.org', 'Organ2026demo', 'organ');
    const theirs = await download(`/api/amsw0602/transcript?certificationId=${licence}`, { Cookie: organ.cookie });
    expect(envelopeOf(theirs.bytes).code).toBe(-11);
  });
});
