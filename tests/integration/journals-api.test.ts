import { describe, expect, it } from 'vitest';
import { api, baseUrl, page } from './helpers';
import { journalNumber, journals, latestIssue, mainJournal } from './journals-helpers';

describe('GET /api/amsw0303 (journals)', () => {
  it('lists the visible journals in both languages, each with its newest published issue', async () => {
    const zh = await journals('zh-tw');
    const en = await journals('en-us');
    expect(zh.map((j) => j.name)).toEqual(['臨床繼續教育期刊', '學會通訊']);
    expect(en.map((j) => j.name)).toEqual(['Journal of Continuing Clinical Education', 'Society Newsletter']);
    expect(en[0]).toMatchObject({ issn: '2958-4638', coverFileId: expect.any(Number) });
    for (const journal of en) {
      expect(journal.description).not.toBe('');
      expect(Date.parse(journal.latestNumber!.publishedAt)).toBeLessThanOrEqual(Date.now());
    }
  });

  it('leaves out a hidden journal, which also answers -6 on its own', async () => {
    const list = await journals('en-us');
    expect(list.some((j) => /Annual Report/.test(j.name))).toBe(false);
    // The seed adds the discontinued (hidden) journal right after the two visible ones.
    const hiddenId = Math.max(...list.map((j) => j.journalListId)) + 1;
    expect((await api(`/api/amsw0303/detail?journalListId=${hiddenId}`)).body.code).toBe(-6);
  });

  it('lets browsers and the front cache keep the answer briefly', async () => {
    const res = await api('/api/amsw0303');
    expect(res.headers.get('cache-control')).toBe('public, max-age=30');
  });

  it('answers -4 for another method', async () => {
    const res = await api('/api/amsw0303', { method: 'POST' });
    expect(res.body.code).toBe(-4);
  });
});

describe('GET /api/amsw0303/detail', () => {
  it('answers the volumes newest first, each with its published issues in order', async () => {
    const journal = await mainJournal('en-us');
    const volumes = journal.volumeList.map((v) => v.volume);
    expect(volumes.length).toBeGreaterThanOrEqual(3);
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
    const years = journal.volumeList.map((v) => v.year);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    for (const volume of journal.volumeList) {
      const numbers = volume.numberList.map((n) => n.number);
      expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
      for (const issue of volume.numberList) {
        expect(Date.parse(issue.publishedAt)).toBeLessThanOrEqual(Date.now());
        expect(issue.paperCount).toBeGreaterThanOrEqual(4);
        expect(issue.paperCount).toBeLessThanOrEqual(8);
      }
    }
    // The newest volume's fourth issue is scheduled, not published: it is not listed.
    expect(journal.volumeList[0]!.numberList.map((n) => n.number)).toEqual([1, 2, 3]);
    expect(journal.volumeList[1]!.numberList.map((n) => n.number)).toEqual([1, 2, 3, 4]);
    expect(journal.latestNumber).toMatchObject({
      journalVolumeId: journal.volumeList[0]!.journalVolumeId,
      number: 3,
    });
  });

  it('answers in Chinese for Lang: zh-tw', async () => {
    const journal = await mainJournal('zh-tw');
    expect(journal.name).toBe('臨床繼續教育期刊');
    expect(journal.description).toMatch(/同儕審查/);
  });

  it.each([
    ['an unknown id', 'journalListId=999999', -6],
    ['a malformed id', 'journalListId=abc', -10],
    ['id 0', 'journalListId=0', -10],
    ['a missing id', '', -2],
  ])('answers %s with %i', async (_, query, code) => {
    const res = await api(`/api/amsw0303/detail?${query}`);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(code);
  });

  it('answers -4 for another method', async () => {
    expect((await api('/api/amsw0303/detail?journalListId=1', { method: 'DELETE' })).body.code).toBe(-4);
  });
});

describe('GET /api/amsw0303/number', () => {
  it('answers an issue with its papers by section, each with authors, DOI and a PDF', async () => {
    const issue = await latestIssue('en-us');
    expect(issue.journalName).toBe('Journal of Continuing Clinical Education');
    expect(issue.paperList.length).toBeGreaterThanOrEqual(4);
    // Papers of a section are consecutive, in the order Original articles, Case reports, Reviews.
    const sections = issue.paperList.map((p) => p.section).filter((s, i, all) => s !== all[i - 1]);
    expect(sections).toEqual(['Original articles', 'Case reports', 'Reviews']);
    for (const paper of issue.paperList) {
      expect(paper.title).not.toBe('');
      expect(paper.authors).not.toBe('');
      expect(paper.abstract.length).toBeGreaterThan(100);
      expect(paper.pages).toMatch(/^\d+–\d+$/);
      expect(paper.doi).toMatch(/^10\.\d{4,}\//);
      expect(paper.pdfFileId).toEqual(expect.any(Number));
      expect(paper.pdfSize).toBeGreaterThan(0);
    }
    const zh = await journalNumber(issue.journalVolumeId, issue.journalNumberId, 'zh-tw');
    expect(zh.paperList[0]!.section).toBe('原著論文');
    expect(zh.paperList[0]!.title).toMatch(/[\u4e00-\u9fff]/);
  });

  it('serves each paper as a valid PDF of the size it states', async () => {
    const paper = (await latestIssue()).paperList[0]!;
    const res = await fetch(`${baseUrl()}/api/amsw1002?fileId=${paper.pdfFileId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/pdf/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length).toBe(paper.pdfSize);
    const text = bytes.toString('latin1');
    expect(text.startsWith('%PDF-1.')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    // The cross-reference table points at each object.
    const xref = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...text.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    offsets.forEach((offset, i) => expect(text.slice(offset, offset + 8)).toBe(`${i + 1} 0 obj\n`));
  });

  it('links each issue to the one before and after it in the journal', async () => {
    const journal = await mainJournal();
    const ordered = journal.volumeList.flatMap((v) =>
      [...v.numberList]
        .reverse()
        .map((n) => ({ journalVolumeId: v.journalVolumeId, journalNumberId: n.journalNumberId })),
    );
    const newest = await journalNumber(ordered[0]!.journalVolumeId, ordered[0]!.journalNumberId);
    expect(newest.nextNumber).toBeNull();
    expect(newest.previousNumber).toMatchObject(ordered[1]!);
    const oldest = ordered.at(-1)!;
    const first = await journalNumber(oldest.journalVolumeId, oldest.journalNumberId);
    expect(first.previousNumber).toBeNull();
    expect(first.nextNumber).toMatchObject(ordered.at(-2)!);
  });

  it('answers -6 for an issue asked with another volume', async () => {
    const journal = await mainJournal();
    const [newer, older] = journal.volumeList;
    const res = await api(
      `/api/amsw0303/number?journalVolumeId=${older!.journalVolumeId}&journalNumberId=${newer!.numberList[0]!.journalNumberId}`,
    );
    expect(res.body.code).toBe(-6);
  });

  it('answers -6 for an issue that is not published yet', async () => {
    const newest = (await mainJournal()).volumeList[0]!;
    // The seed adds the scheduled fourth issue right after the third of the same volume.
    const scheduledId = newest.numberList.at(-1)!.journalNumberId + 1;
    const res = await api(
      `/api/amsw0303/number?journalVolumeId=${newest.journalVolumeId}&journalNumberId=${scheduledId}`,
    );
    expect(res.body.code).toBe(-6);
  });

  it.each([
    ['unknown ids', 'journalVolumeId=999999&journalNumberId=999999', -6],
    ['a malformed volume id', 'journalVolumeId=x1&journalNumberId=1', -10],
    ['a malformed issue id', 'journalVolumeId=1&journalNumberId=-3', -10],
    ['a missing issue id', 'journalVolumeId=1', -2],
    ['no ids', '', -2],
  ])('answers %s with %i', async (_, query, code) => {
    expect((await api(`/api/amsw0303/number?${query}`)).body.code).toBe(code);
  });

  it('answers -4 for another method and carries public caching headers', async () => {
    const issue = await latestIssue();
    const path = `/api/amsw0303/number?journalVolumeId=${issue.journalVolumeId}&journalNumberId=${issue.journalNumberId}`;
    expect((await api(path, { method: 'PUT' })).body.code).toBe(-4);
    expect((await page(path)).headers.get('cache-control')).toBe('public, max-age=30');
  });
});

interface Post {
  postId: number;
  name: string;
  description: string;
  opensAt: string;
  closesAt: string;
  status: 'open' | 'upcoming';
}

describe('GET /api/amsw0305 (calls for papers)', () => {
  it('lists the open calls, then the upcoming ones, and never a closed one', async () => {
    const res = await api<{ postList: Post[] }>('/api/amsw0305', { lang: 'en-us' });
    expect(res.body.code).toBe(0);
    const posts = res.body.data.postList;
    const statuses = posts.map((p) => p.status);
    expect(statuses).toEqual([...statuses].sort((a, b) => (a === b ? 0 : a === 'open' ? -1 : 1)));
    expect(statuses).toContain('open');
    expect(statuses).toContain('upcoming');
    const now = Date.now();
    for (const post of posts) {
      expect(Date.parse(post.closesAt)).toBeGreaterThan(now);
      expect(Date.parse(post.opensAt) <= now).toBe(post.status === 'open');
    }
    expect(posts.map((p) => p.name)).toContain('Call for abstracts: 2027 annual meeting');
    expect(posts.some((p) => /closed/i.test(p.name))).toBe(false);
    expect(res.headers.get('cache-control')).toBe('public, max-age=30');
  });

  it('answers in Chinese for Lang: zh-tw, and -4 for another method', async () => {
    const res = await api<{ postList: Post[] }>('/api/amsw0305', { lang: 'zh-tw' });
    expect(res.body.data.postList.map((p) => p.name)).toContain('2027 年會學術論文徵稿');
    expect((await api('/api/amsw0305', { method: 'POST' })).body.code).toBe(-4);
  });
});
