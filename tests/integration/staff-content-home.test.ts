import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PDF } from './membership-helpers';
import { picture, upload, type StoredFile } from './content-helpers';
import { ownServerSuite } from './own-server';
import { expectStaffRefusals, type StaffEndpoint } from './staff-refusals';

/**
 * The console's Content section, home page and files (DESIGN.md §17, §19): the editor orders,
 * hides and fills the home page's blocks and the (page-cached) public home page shows each change
 * at once; pictures are uploaded, scaled down and stored without metadata; a file still shown is
 * not deleted; journals get volumes and issues the public journal page shows once published;
 * stale forms and bad input are refused; only the content editors may use any of it.
 * On a server of its own, since it reorders the home page every other file reads.
 */
const suite = ownServerSuite();
const ADMIN = ['admin@example.org', 'Admin2026demo'] as const;
let deskSession: ReturnType<typeof suite.as> | undefined;
/** The content editor (the demo admin holds the role), signed in once for the file. */
const editorDesk = () => (deskSession ??= suite.as(...ADMIN));

interface Item {
  itemId: number;
  titleZh: string;
  imageFileId: number | null;
  updatedAt: string;
}
interface Block {
  indexPartId: number;
  type: string;
  titleZh: string;
  titleEn: string;
  itemLimit: number;
  visible: boolean;
  updatedAt: string;
  items: Item[];
}

/** A public page as an anonymous reader gets it (the page cache answers when it can). */
async function publicPage(path: string) {
  const res = await fetch(suite.server.url + path);
  return { status: res.status, cache: res.headers.get('x-cache'), html: await res.text() };
}

/** The section headings of the public home page, in order. */
async function homeHeadings(path = '/'): Promise<string[]> {
  const { html } = await publicPage(path);
  return [...html.matchAll(/<h2[^>]*id="part-\d+"[^>]*>\s*([^<]*?)\s*</g)].map((m) => m[1]!);
}

describe('the home page desk', () => {
  it('moves a block up and the public home page shows the new order at once; hides it; refuses a stale form', async () => {
    const desk = await editorDesk();
    const listed = await desk.call<{ blocks: Block[] }>('/api/amsw1101/content/home');
    expect(listed.code).toBe(0);
    const blocks = listed.data.blocks;
    expect(new Set(blocks.map((b) => b.type))).toEqual(new Set(['carousel', 'ltsnews', 'event', 'card', 'link']));
    const shown = blocks.filter((b) => b.visible && b.type !== 'carousel');
    const [upper, lower] = shown.slice(-2) as [Block, Block];
    // The home page is cached before anything changes.
    await publicPage('/');
    expect((await publicPage('/')).cache).toBe('hit');
    const before = await homeHeadings();
    expect(before.indexOf(upper.titleZh)).toBeLessThan(before.indexOf(lower.titleZh));

    const moved = await desk.post<{ blocks: Block[] }>('/api/amsw1101/content/home/move', {
      indexPartId: lower.indexPartId,
      direction: 'up',
    });
    expect(moved.code).toBe(0);
    const order = moved.data.blocks.map((b) => b.indexPartId);
    expect(order.indexOf(lower.indexPartId)).toBe(order.indexOf(upper.indexPartId) - 1);
    const after = await homeHeadings();
    expect(after.indexOf(lower.titleZh)).toBeLessThan(after.indexOf(upper.titleZh));
    const english = await homeHeadings('/en-us/');
    expect(english.indexOf(lower.titleEn)).toBeLessThan(english.indexOf(upper.titleEn));
    // Moving the first block up changes nothing.
    const first = moved.data.blocks[0]!;
    const still = await desk.post<{ blocks: Block[] }>('/api/amsw1101/content/home/move', {
      indexPartId: first.indexPartId,
      direction: 'up',
    });
    expect(still.data.blocks.map((b) => b.indexPartId)).toEqual(order);

    // Hidden: the home page leaves it out; shown again, it comes back in its place.
    const current = moved.data.blocks.find((b) => b.indexPartId === lower.indexPartId)!;
    const hidden = await desk.post<Block>('/api/amsw1101/content/home/save', {
      indexPartId: current.indexPartId,
      titleZh: current.titleZh,
      titleEn: current.titleEn,
      itemLimit: current.itemLimit,
      visible: false,
      updatedAt: current.updatedAt,
    });
    expect(hidden.code).toBe(0);
    expect(hidden.data.visible).toBe(false);
    expect(await homeHeadings()).not.toContain(current.titleZh);
    // A form read before that change is refused and changes nothing.
    const stale = await desk.post('/api/amsw1101/content/home/save', {
      indexPartId: current.indexPartId,
      titleZh: '舊表單',
      visible: true,
      updatedAt: current.updatedAt,
    });
    expect(stale.code).toBe(-10);
    expect(stale.message).toMatch(/變更|changed/);
    const shownAgain = await desk.post<Block>('/api/amsw1101/content/home/save', {
      indexPartId: current.indexPartId,
      titleZh: current.titleZh,
      titleEn: current.titleEn,
      itemLimit: current.itemLimit,
      visible: true,
      updatedAt: hidden.data.updatedAt,
    });
    expect(shownAgain.code).toBe(0);
    const back = await homeHeadings();
    expect(back.indexOf(lower.titleZh)).toBeLessThan(back.indexOf(upper.titleZh));

    // The audit log has the move and the two saves with what changed.
    const log = await desk.call<{ rows: { action: string; targetId: string; before: unknown; after: unknown }[] }>(
      '/api/amsw1101/audit?action=content',
    );
    const mine = log.data.rows.filter((r) => r.targetId === String(lower.indexPartId));
    expect(mine.map((r) => r.action)).toEqual([
      'content.homeBlock.update',
      'content.homeBlock.update',
      'content.homeBlock.move',
    ]);
    expect(mine[1]).toMatchObject({ before: { visible: true }, after: { visible: false } });
    expect(mine[2]!.after).toEqual({ place: (mine[2]!.before as { place: number }).place - 1 });

    const page = await desk.page('/staff/content/home');
    expect(page.status).toBe(200);
    expect(page.html).toContain(lower.titleZh);
    expect((await desk.page('/en-us/staff/content/home')).html).toContain('Move up');
  });

  it('adds a card block with an entry whose uploaded picture is scaled down, and the home page shows it at once', async () => {
    const desk = await editorDesk();
    const title = `合作夥伴 ${Date.now()}`;
    const created = await desk.post<Block>('/api/amsw1101/content/home/save', {
      type: 'card',
      titleZh: title,
      titleEn: 'Partners',
    });
    expect(created.code).toBe(0);
    expect(created.data.items).toEqual([]);
    const all = await desk.call<{ blocks: Block[] }>('/api/amsw1101/content/home');
    expect(all.data.blocks.at(-1)!.indexPartId).toBe(created.data.indexPartId);

    const big = await picture(3000, 1500, 'jpeg');
    const stored = await upload(desk, new File([big], 'banner.jpeg', { type: 'image/jpeg' }));
    expect(stored.code).toBe(0);
    expect(stored.data).toMatchObject({
      contentType: 'image/jpeg',
      width: 2000,
      height: 1000,
      resizedFrom: { width: 3000, height: 1500 },
    });
    // Served publicly at its new size, without the camera's metadata.
    const served = await fetch(`${suite.server.url}/api/amsw1002?fileId=${stored.data.fileId}`);
    expect(served.status).toBe(200);
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height]).toEqual([2000, 1000]);
    expect(meta.exif).toBeUndefined();
    expect(bytes.toString('latin1')).not.toContain('Secret Camera Owner');
    // A small picture keeps its size.
    const small = await upload(desk, new File([await picture(400, 300, 'png')], 'logo.png'));
    expect(small.data).toMatchObject({ width: 400, height: 300, resizedFrom: null });

    const entry = `卡片項目 ${Date.now()}`;
    const withItem = await desk.post<Block>('/api/amsw1101/content/home/items/save', {
      indexPartId: created.data.indexPartId,
      titleZh: entry,
      imageFileId: stored.data.fileId,
      imageAltZh: '橫幅',
      linkUrl: '/news/list',
    });
    expect(withItem.code).toBe(0);
    expect(withItem.data.items).toEqual([expect.objectContaining({ titleZh: entry, imageFileId: stored.data.fileId })]);
    const home = await publicPage('/');
    expect(home.html).toContain(title);
    expect(home.html).toContain(entry);
    expect(home.html).toContain(`fileId=${stored.data.fileId}`);

    // A second entry, moved above the first.
    const second = await desk.post<Block>('/api/amsw1101/content/home/items/save', {
      indexPartId: created.data.indexPartId,
      titleZh: `${entry} 二`,
    });
    const secondId = second.data.items[1]!.itemId;
    const reordered = await desk.post<Block>('/api/amsw1101/content/home/items/move', {
      itemId: secondId,
      direction: 'up',
    });
    expect(reordered.data.items.map((i) => i.itemId)[0]).toBe(secondId);
    const firstEntry = new RegExp(`${entry}(?! 二)`);
    const html = (await publicPage('/')).html;
    expect(html.search(firstEntry)).toBeGreaterThan(html.indexOf(`${entry} 二`));

    // The picture is in use: the files desk says where and refuses to delete it.
    const files = await desk.call<{ rows: StoredFile[] }>('/api/amsw1101/content/files?kind=image');
    const listed = files.data.rows.find((f) => f.fileId === stored.data.fileId)!;
    expect(listed.usedBy).toEqual([{ kind: 'homeBlock', id: created.data.indexPartId, title }]);
    const refused = await desk.post<{ usedBy: { kind: string }[] }>('/api/amsw1101/content/files/delete', {
      fileId: stored.data.fileId,
    });
    expect(refused.code).toBe(-10);
    expect(refused.data.usedBy).toEqual([expect.objectContaining({ kind: 'homeBlock' })]);
    expect((await fetch(`${suite.server.url}/api/amsw1002?fileId=${stored.data.fileId}`)).status).toBe(200);

    // Removing the entry (with the form's updatedAt) frees the picture; then it can go.
    const firstItem = reordered.data.items.find((i) => i.imageFileId === stored.data.fileId)!;
    const removed = await desk.post<Block>('/api/amsw1101/content/home/items/delete', {
      itemId: firstItem.itemId,
      updatedAt: firstItem.updatedAt,
    });
    expect(removed.code).toBe(0);
    expect((await publicPage('/')).html).not.toMatch(firstEntry);
    const deleted = await desk.post('/api/amsw1101/content/files/delete', { fileId: stored.data.fileId });
    expect(deleted.code).toBe(0);
    const gone = await fetch(`${suite.server.url}/api/amsw1002?fileId=${stored.data.fileId}`);
    expect(((await gone.json()) as { code: number }).code).toBe(-7);
    expect((await desk.post('/api/amsw1101/content/files/delete', { fileId: stored.data.fileId })).code).toBe(-7);

    const log = await desk.call<{ rows: { action: string; targetId: string }[] }>('/api/amsw1101/audit?action=content');
    const fileLog = log.data.rows.filter((r) => r.targetId === String(stored.data.fileId)).map((r) => r.action);
    expect(fileLog).toEqual(['content.file.delete', 'content.file.upload']);
    expect(log.data.rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(['content.homeBlock.create', 'content.homeItem.create', 'content.homeItem.move']),
    );

    const editor = await desk.page(`/staff/content/home/${created.data.indexPartId}`);
    expect(editor.status).toBe(200);
    expect(editor.html).toContain(`${entry} 二`);
    const filesPage = await desk.page('/en-us/staff/content/files');
    expect(filesPage.status).toBe(200);
    expect(filesPage.html).toContain('logo.png');
  });

  it('deletes a whole block with its entries, after a stale form is refused, and the home page leaves it out at once', async () => {
    const desk = await editorDesk();
    const stamp = Date.now();
    const title = `活動花絮 ${stamp}`;
    const created = await desk.post<Block>('/api/amsw1101/content/home/save', {
      type: 'link',
      titleZh: title,
      titleEn: `Photo links ${stamp}`,
    });
    expect(created.code).toBe(0);
    const withItem = await desk.post<Block>('/api/amsw1101/content/home/items/save', {
      indexPartId: created.data.indexPartId,
      titleZh: `${title} 連結`,
      linkUrl: 'https://example.org/',
    });
    expect(withItem.code).toBe(0);
    // The home page is cached with the block in it.
    await publicPage('/');
    const cached = await publicPage('/');
    expect(cached.cache).toBe('hit');
    expect(cached.html).toContain(title);

    // A block form read before the block's last change cannot delete it.
    const renamed = await desk.post<Block>('/api/amsw1101/content/home/save', {
      indexPartId: created.data.indexPartId,
      titleZh: `${title} 新`,
      titleEn: `Photo links ${stamp}`,
      updatedAt: created.data.updatedAt,
    });
    expect(renamed.code).toBe(0);
    const stale = await desk.post('/api/amsw1101/content/home/delete', {
      indexPartId: created.data.indexPartId,
      updatedAt: created.data.updatedAt,
    });
    expect(stale.code).toBe(-10);
    expect(stale.message).toMatch(/變更|changed/);
    expect((await publicPage('/')).html).toContain(`${title} 新`);

    const deleted = await desk.post<{ blocks: Block[] }>('/api/amsw1101/content/home/delete', {
      indexPartId: created.data.indexPartId,
      updatedAt: renamed.data.updatedAt,
    });
    expect(deleted.code).toBe(0);
    expect(deleted.data.blocks.map((b) => b.indexPartId)).not.toContain(created.data.indexPartId);
    for (const path of ['/', '/en-us/']) {
      const home = (await publicPage(path)).html;
      expect(home).not.toContain(title);
      expect(home).not.toContain(`Photo links ${stamp}`);
    }
    expect((await desk.call(`/api/amsw1101/content/home/detail?indexPartId=${created.data.indexPartId}`)).code).toBe(
      -6,
    );
    expect((await desk.page(`/staff/content/home/${created.data.indexPartId}`)).status).toBe(404);
    // Gone: a second delete, or a missing form time, changes nothing.
    const again = await desk.post('/api/amsw1101/content/home/delete', {
      indexPartId: created.data.indexPartId,
      updatedAt: renamed.data.updatedAt,
    });
    expect(again.code).toBe(-6);
    expect((await desk.post('/api/amsw1101/content/home/delete', { indexPartId: 1 })).code).toBe(-2);

    const log = await desk.call<{ rows: { action: string; targetId: string; before: unknown }[] }>(
      '/api/amsw1101/audit?action=content',
    );
    const mine = log.data.rows.filter((r) => r.targetId === String(created.data.indexPartId));
    expect(mine[0]).toMatchObject({
      action: 'content.homeBlock.delete',
      before: { type: 'link', title: { 'zh-tw': `${title} 新` }, items: [{ title: { 'zh-tw': `${title} 連結` } }] },
    });
    expect((await desk.page('/en-us/staff/content/home?done=deleted')).html).toContain('The block is deleted');
  });

  it('takes a PDF, and refuses other types, empty and too large files, and bad block input', async () => {
    const desk = await editorDesk();
    const pdf = await upload(desk, new File([PDF], 'notice.pdf'));
    expect(pdf.code).toBe(0);
    expect(pdf.data).toMatchObject({ contentType: 'application/pdf', width: null, resizedFrom: null });
    const html = await upload(desk, new File(['<script>alert(1)</script>'], 'evil.png', { type: 'image/png' }));
    expect(html.code).toBe(-21);
    expect(html.message).toMatch(/JPEG|PNG/);
    expect((await upload(desk, new File([], 'empty.png'))).code).toBe(-21);
    const tooLarge = await upload(desk, new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.pdf'));
    expect(tooLarge.code).toBe(-996);
    // A broken picture (a PNG signature and nothing else).
    const broken = new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
    ]);
    expect((await upload(desk, new File([broken], 'broken.png'))).code).toBe(-21);

    const blocks = (await desk.call<{ blocks: Block[] }>('/api/amsw1101/content/home')).data.blocks;
    const news = blocks.find((b) => b.type === 'ltsnews')!;
    const card = blocks.find((b) => b.type === 'card')!;
    const item = (body: Record<string, unknown>) => desk.post('/api/amsw1101/content/home/items/save', body);
    expect((await item({ indexPartId: news.indexPartId, titleZh: '項目' })).code).toBe(-10);
    expect((await item({ indexPartId: card.indexPartId, titleZh: '項目', imageFileId: pdf.data.fileId })).code).toBe(
      -10,
    );
    expect((await item({ indexPartId: card.indexPartId, titleZh: '項目', linkUrl: 'javascript:alert(1)' })).code).toBe(
      -10,
    );
    expect((await item({ indexPartId: card.indexPartId, titleZh: ' ' })).code).toBe(-10);
    expect((await item({ indexPartId: 999_999, titleZh: '項目' })).code).toBe(-6);
    const save = (body: Record<string, unknown>) => desk.post('/api/amsw1101/content/home/save', body);
    expect((await save({ type: 'banner', titleZh: '區塊' })).code).toBe(-10);
    expect((await save({ titleZh: '區塊' })).code).toBe(-10);
    expect((await save({ indexPartId: news.indexPartId, titleZh: '區塊', itemLimit: 99 })).code).toBe(-10);
    expect((await save({ indexPartId: news.indexPartId, titleZh: '區塊' })).code).toBe(-10);
    expect((await desk.post('/api/amsw1101/content/home/move', { indexPartId: 999_999, direction: 'up' })).code).toBe(
      -6,
    );
    expect((await desk.post('/api/amsw1101/content/home/move', { indexPartId: 1, direction: 'left' })).code).toBe(-10);
    expect((await desk.page('/staff/content/home/999999')).status).toBe(404);
    expect((await desk.page('/staff/content/home/abc')).status).toBe(404);
  });
});

interface Journal {
  journalListId: number;
  updatedAt: string;
  volumes: {
    journalVolumeId: number;
    volume: number;
    updatedAt: string;
    issues: { journalNumberId: number; number: number; state: string; updatedAt: string }[];
  }[];
}

describe('the journals desk', () => {
  it('adds a journal, a volume and an issue that the public journal page shows once published, at once', async () => {
    const desk = await editorDesk();
    const name = `醫學期刊 ${Date.now()}`;
    const created = await desk.post<Journal>('/api/amsw1101/content/journals/save', {
      nameZh: name,
      nameEn: 'Journal of Tests',
      issn: '1234-567X',
    });
    expect(created.code).toBe(0);
    const journalId = created.data.journalListId;
    const path = `/journals/${journalId}`;
    await publicPage(path);
    expect((await publicPage(path)).cache).toBe('hit');

    const withVolume = await desk.post<Journal>('/api/amsw1101/content/journals/volumes/save', {
      journalListId: journalId,
      volume: 7,
      year: 2026,
    });
    expect(withVolume.code).toBe(0);
    const volume = withVolume.data.volumes[0]!;
    expect(
      (
        await desk.post('/api/amsw1101/content/journals/volumes/save', {
          journalListId: journalId,
          volume: 7,
          year: 2027,
        })
      ).code,
    ).toBe(-13);

    const issueTitle = `精準醫療專輯 ${Date.now()}`;
    const draft = await desk.post<Journal>('/api/amsw1101/content/journals/issues/save', {
      journalVolumeId: volume.journalVolumeId,
      number: 2,
      titleZh: issueTitle,
    });
    expect(draft.code).toBe(0);
    const issue = draft.data.volumes[0]!.issues[0]!;
    expect(issue.state).toBe('draft');
    expect((await publicPage(path)).html).not.toContain(issueTitle);

    const published = await desk.post<Journal>('/api/amsw1101/content/journals/issues/save', {
      journalVolumeId: volume.journalVolumeId,
      journalNumberId: issue.journalNumberId,
      number: 2,
      titleZh: issueTitle,
      publish: true,
      updatedAt: issue.updatedAt,
    });
    expect(published.code).toBe(0);
    expect(published.data.volumes[0]!.issues[0]!.state).toBe('published');
    const page = await publicPage(path);
    expect(page.html).toContain(issueTitle);
    expect(page.html).toContain('第 7 卷');
    expect((await publicPage(`/journals/${volume.journalVolumeId}/${issue.journalNumberId}`)).status).toBe(200);

    // The draft's form is stale now; a second issue 2 in the volume is refused.
    const stale = await desk.post('/api/amsw1101/content/journals/issues/save', {
      journalVolumeId: volume.journalVolumeId,
      journalNumberId: issue.journalNumberId,
      number: 2,
      updatedAt: issue.updatedAt,
    });
    expect(stale.code).toBe(-10);
    const twin = await desk.post('/api/amsw1101/content/journals/issues/save', {
      journalVolumeId: volume.journalVolumeId,
      number: 2,
    });
    expect(twin.code).toBe(-13);

    // Taken back: the page no longer shows it.
    const current = published.data.volumes[0]!.issues[0]!;
    const back = await desk.post<Journal>('/api/amsw1101/content/journals/issues/save', {
      journalVolumeId: volume.journalVolumeId,
      journalNumberId: issue.journalNumberId,
      number: 2,
      titleZh: issueTitle,
      publish: false,
      updatedAt: current.updatedAt,
    });
    expect(back.data.volumes[0]!.issues[0]!.state).toBe('draft');
    expect((await publicPage(path)).html).not.toContain(issueTitle);

    // Hidden journal: its page answers not found.
    const hidden = await desk.post<Journal>('/api/amsw1101/content/journals/save', {
      journalListId: journalId,
      nameZh: name,
      visible: false,
      updatedAt: created.data.updatedAt,
    });
    expect(hidden.code).toBe(0);
    expect((await publicPage(path)).status).toBe(404);
    expect(
      (
        await desk.post('/api/amsw1101/content/journals/save', {
          journalListId: journalId,
          nameZh: name,
          updatedAt: created.data.updatedAt,
        })
      ).code,
    ).toBe(-10);
    expect((await desk.post('/api/amsw1101/content/journals/save', { nameZh: name, issn: '12345' })).code).toBe(-10);

    const log = await desk.call<{ rows: { action: string; targetId: string }[] }>('/api/amsw1101/audit?action=content');
    const issueLog = log.data.rows.filter((r) => r.targetId === String(issue.journalNumberId)).map((r) => r.action);
    expect(issueLog).toEqual([
      'content.journalNumber.unpublish',
      'content.journalNumber.publish',
      'content.journalNumber.create',
    ]);
    expect((await desk.page(`/staff/content/journals/${journalId}`)).html).toContain(issueTitle);
    expect((await desk.page('/en-us/staff/content/journals')).html).toContain(name);
  });
});

interface IssuePapers {
  journalListId: number;
  issue: { journalNumberId: number; paperCount: number };
  papers: { paperId: number; titleZh: string; pdfFileId: number | null; pdfName: string | null; updatedAt: string }[];
}

describe("an issue's papers", () => {
  it('adds, edits, orders and removes the papers the public issue page lists, at once, with their PDF', async () => {
    const desk = await editorDesk();
    const stamp = Date.now();
    const journal = await desk.post<Journal>('/api/amsw1101/content/journals/save', { nameZh: `論文期刊 ${stamp}` });
    const withVolume = await desk.post<Journal>('/api/amsw1101/content/journals/volumes/save', {
      journalListId: journal.data.journalListId,
      volume: 3,
      year: 2026,
    });
    const volumeId = withVolume.data.volumes[0]!.journalVolumeId;
    const withIssue = await desk.post<Journal>('/api/amsw1101/content/journals/issues/save', {
      journalVolumeId: volumeId,
      number: 1,
      publish: true,
    });
    const issueId = withIssue.data.volumes[0]!.issues[0]!.journalNumberId;
    const issuePage = `/journals/${volumeId}/${issueId}`;
    await publicPage(issuePage);
    expect((await publicPage(issuePage)).cache).toBe('hit');

    const pdf = await upload(desk, new File([PDF], 'fulltext.pdf'));
    expect(pdf.code).toBe(0);
    const first = await desk.post<IssuePapers>('/api/amsw1101/content/journals/papers/save', {
      journalNumberId: issueId,
      sectionZh: '原著論文',
      sectionEn: 'Original article',
      titleZh: `敗血症早期警示 ${stamp}`,
      titleEn: `Early sepsis warning ${stamp}`,
      authorsZh: '王小明、林美華',
      authorsEn: 'Hsiao-Ming Wang, Mei-Hua Lin',
      abstractZh: '回溯性研究。',
      pages: '1-8',
      doi: '10.1234/tscce.2026.1',
      pdfFileId: pdf.data.fileId,
    });
    expect(first.code).toBe(0);
    expect(first.data.papers).toEqual([
      expect.objectContaining({
        titleZh: `敗血症早期警示 ${stamp}`,
        pdfFileId: pdf.data.fileId,
        pdfName: 'fulltext.pdf',
      }),
    ]);
    const second = await desk.post<IssuePapers>('/api/amsw1101/content/journals/papers/save', {
      journalNumberId: issueId,
      titleZh: `病例報告 ${stamp}`,
      authorsZh: '陳大文',
    });
    expect(second.data.papers.map((x) => x.titleZh)).toEqual([`敗血症早期警示 ${stamp}`, `病例報告 ${stamp}`]);

    // The public issue page lists both, in order, with the PDF link, in both languages.
    let html = (await publicPage(issuePage)).html;
    expect(html).toContain('原著論文');
    expect(html).toContain('10.1234/tscce.2026.1');
    expect(html).toContain(`fileId=${pdf.data.fileId}`);
    expect(html.indexOf(`敗血症早期警示 ${stamp}`)).toBeLessThan(html.indexOf(`病例報告 ${stamp}`));
    const english = (await publicPage(`/en-us${issuePage}`)).html;
    expect(english).toContain(`Early sepsis warning ${stamp}`);
    expect(english).toContain('Hsiao-Ming Wang, Mei-Hua Lin');
    // The journal page counts them.
    expect(
      (await desk.call<Journal>(`/api/amsw1101/content/journals/detail?journalListId=${journal.data.journalListId}`))
        .data.volumes[0]!.issues[0],
    ).toMatchObject({ paperCount: 2 });

    // Moved up: the page lists it first.
    const caseReport = second.data.papers[1]!;
    const moved = await desk.post<IssuePapers>('/api/amsw1101/content/journals/papers/move', {
      paperId: caseReport.paperId,
      direction: 'up',
    });
    expect(moved.code).toBe(0);
    expect(moved.data.papers[0]!.paperId).toBe(caseReport.paperId);
    html = (await publicPage(issuePage)).html;
    expect(html.indexOf(`病例報告 ${stamp}`)).toBeLessThan(html.indexOf(`敗血症早期警示 ${stamp}`));

    // Edited with the form's time; a form read before is refused; a picture is no PDF.
    const original = moved.data.papers[1]!;
    const edited = await desk.post<IssuePapers>('/api/amsw1101/content/journals/papers/save', {
      journalNumberId: issueId,
      paperId: original.paperId,
      titleZh: `敗血症早期警示（修訂）${stamp}`,
      authorsZh: '王小明',
      pdfFileId: pdf.data.fileId,
      updatedAt: original.updatedAt,
    });
    expect(edited.code).toBe(0);
    expect((await publicPage(issuePage)).html).toContain(`敗血症早期警示（修訂）${stamp}`);
    const stale = await desk.post('/api/amsw1101/content/journals/papers/save', {
      journalNumberId: issueId,
      paperId: original.paperId,
      titleZh: '舊表單',
      authorsZh: '舊',
      updatedAt: original.updatedAt,
    });
    expect(stale.code).toBe(-10);
    const picture_ = await upload(desk, new File([await picture(40, 30, 'png')], 'not-a-paper.png'));
    const notPdf = await desk.post<{ fields: string[] }>('/api/amsw1101/content/journals/papers/save', {
      journalNumberId: issueId,
      titleZh: 'x',
      authorsZh: 'y',
      pdfFileId: picture_.data.fileId,
    });
    expect(notPdf.code).toBe(-10);
    expect(notPdf.data.fields).toEqual(['pdfFileId']);
    for (const bad of [
      { journalNumberId: issueId, titleZh: 'x', authorsZh: ' ' },
      { journalNumberId: issueId, titleZh: 'x', authorsZh: 'y', doi: 'https://doi.org/10.1/x' },
    ])
      expect((await desk.post('/api/amsw1101/content/journals/papers/save', bad)).code).toBe(-10);
    expect(
      (
        await desk.post('/api/amsw1101/content/journals/papers/save', {
          journalNumberId: 999_999,
          titleZh: 'x',
          authorsZh: 'y',
        })
      ).code,
    ).toBe(-6);
    // A paper is changed only within its own issue.
    expect(
      (
        await desk.post('/api/amsw1101/content/journals/papers/save', {
          journalNumberId: 1,
          paperId: original.paperId,
          titleZh: 'x',
          authorsZh: 'y',
          updatedAt: edited.data.papers[1]!.updatedAt,
        })
      ).code,
    ).toBe(-6);

    // The PDF is in use: the files desk names the paper.
    const files = await desk.call<{ rows: StoredFile[] }>('/api/amsw1101/content/files?kind=pdf');
    expect(files.data.rows.find((f) => f.fileId === pdf.data.fileId)!.usedBy).toEqual([
      expect.objectContaining({ kind: 'journalPaper', id: original.paperId }),
    ]);

    // Removed (with the form's time): the page no longer lists it.
    const current = edited.data.papers.find((x) => x.paperId === original.paperId)!;
    expect(
      (
        await desk.post('/api/amsw1101/content/journals/papers/delete', {
          paperId: current.paperId,
          updatedAt: original.updatedAt,
        })
      ).code,
    ).toBe(-10);
    const removed = await desk.post<IssuePapers>('/api/amsw1101/content/journals/papers/delete', {
      paperId: current.paperId,
      updatedAt: current.updatedAt,
    });
    expect(removed.code).toBe(0);
    expect(removed.data.papers.map((x) => x.paperId)).toEqual([caseReport.paperId]);
    expect((await publicPage(issuePage)).html).not.toContain(`敗血症早期警示`);
    expect((await desk.call(`/api/amsw1101/content/journals/papers?journalNumberId=${issueId}`)).data).toMatchObject({
      issue: { paperCount: 1 },
    });

    const log = await desk.call<{ rows: { action: string; targetId: string }[] }>('/api/amsw1101/audit?action=content');
    expect(log.data.rows.filter((r) => r.targetId === String(original.paperId)).map((r) => r.action)).toEqual([
      'content.journalPaper.delete',
      'content.journalPaper.update',
      'content.journalPaper.create',
    ]);
    expect(log.data.rows.find((r) => r.targetId === String(caseReport.paperId))!.action).toBe(
      'content.journalPaper.move',
    );

    const staffPage = await desk.page(`/en-us/staff/content/journals/issues/${issueId}`);
    expect(staffPage.status).toBe(200);
    expect(staffPage.html).toContain(`病例報告 ${stamp}`);
    expect(staffPage.html).toContain('Papers of this issue');
    expect((await desk.page(`/staff/content/journals/${journal.data.journalListId}`)).html).toContain(
      `/staff/content/journals/issues/${issueId}`,
    );
    expect((await desk.page('/staff/content/journals/issues/999999')).status).toBe(404);
  });
});

describe('the journals list order', () => {
  it('finds a paper of any issue, drafts too, by words of its title, authors or abstract, and leads to its issue', async () => {
    const desk = await editorDesk();
    const stamp = Date.now();
    const journal = await desk.post<Journal>('/api/amsw1101/content/journals/save', { nameZh: `查找期刊 ${stamp}` });
    const withVolume = await desk.post<Journal>('/api/amsw1101/content/journals/volumes/save', {
      journalListId: journal.data.journalListId,
      volume: 7,
      year: 2025,
    });
    const volumeId = withVolume.data.volumes[0]!.journalVolumeId;
    const issueOf = async (number: number, publish: boolean) => {
      const saved = await desk.post<Journal>('/api/amsw1101/content/journals/issues/save', {
        journalVolumeId: volumeId,
        number,
        publish,
      });
      return saved.data.volumes[0]!.issues.find((i) => i.number === number)!.journalNumberId;
    };
    const published = await issueOf(1, true);
    const draft = await issueOf(2, false);
    const paper = async (journalNumberId: number, fields: Record<string, string>) =>
      (
        await desk.post<IssuePapers>('/api/amsw1101/content/journals/papers/save', { journalNumberId, ...fields })
      ).data.papers.at(-1)!.paperId;
    const inAbstract = await paper(published, {
      titleZh: `院內感染監測 ${stamp}`,
      authorsZh: '張志明',
      abstractZh: '以<b>抗藥性</b>細菌為對象的前瞻研究。',
    });
    const byAuthor = await paper(draft, {
      titleZh: `護理人力配置 ${stamp}`,
      authorsZh: '張志明、李雅婷',
      titleEn: `Nurse staffing ${stamp}`,
    });
    await paper(published, { titleZh: `無關論文 ${stamp}`, authorsZh: '黃建國' });

    type Found = { rows: { paperId: number; journalNumberId: number; state: string; number: number }[]; total: number };
    const find = (q: string, lang?: 'en-us') =>
      desk.call<Found>(
        `/api/amsw1101/content/journals/papers/find?q=${encodeURIComponent(q)}`,
        lang ? { headers: { Lang: lang } } : {},
      );
    // A word inside the abstract (simplified), an author in both, newest issue first; drafts too.
    expect((await find(`抗药性 ${stamp}`)).data.rows.map((r) => r.paperId)).toEqual([inAbstract]);
    const author = await find(`張志明 ${stamp}`);
    expect(author.data.total).toBe(2);
    expect(author.data.rows).toEqual([
      expect.objectContaining({ paperId: byAuthor, journalNumberId: draft, number: 2, state: 'draft' }),
      expect.objectContaining({ paperId: inAbstract, journalNumberId: published, number: 1, state: 'published' }),
    ]);
    expect((await find(`staffing ${stamp}`, 'en-us')).data.rows.map((r) => r.paperId)).toEqual([byAuthor]);
    expect((await find('')).data).toMatchObject({ rows: [], total: 0 });
    expect((await desk.call(`/api/amsw1101/content/journals/papers/find?q=${'x'.repeat(101)}`)).code).toBe(-10);

    const en = await desk.page(`/en-us/staff/content/journals?q=${encodeURIComponent(`張志明 ${stamp}`)}`);
    expect(en.html).toContain('2 papers');
    expect(en.html).toContain(`href="/en-us/staff/content/journals/issues/${draft}"`);
    expect(en.html).toContain(`查找期刊 ${stamp}, vol. 7 (2025), no. 2`);
    const zh = await desk.page(`/staff/content/journals?q=${encodeURIComponent(`沒有這篇 ${stamp}`)}`);
    expect(zh.html).toContain('查無符合的論文。');
    expect((await desk.page('/staff/content/journals')).html).not.toContain('查無符合的論文。');
  });

  it('moves a journal up and the public journal pages list the journals in the new order at once', async () => {
    const desk = await editorDesk();
    const stamp = Date.now();
    const made: Journal[] = [];
    for (const suffix of ['甲', '乙']) {
      const created = await desk.post<Journal>('/api/amsw1101/content/journals/save', {
        nameZh: `排序期刊${suffix} ${stamp}`,
        nameEn: `Ordered Journal ${suffix === '甲' ? 'A' : 'B'} ${stamp}`,
      });
      expect(created.code).toBe(0);
      made.push(created.data);
    }
    const [first, second] = made as [Journal, Journal];
    const path = `/journals/${first.journalListId}`;
    const navOrder = async (page: string) => {
      const whole = (await publicPage(page)).html;
      // The other journals' tabs (the page's own title names the first journal too).
      const start = whole.indexOf('overflow-x-auto');
      const html = whole.slice(start, whole.indexOf('</nav>', start));
      return [html.indexOf(`排序期刊甲 ${stamp}`), html.indexOf(`排序期刊乙 ${stamp}`)];
    };
    await publicPage(path);
    expect((await publicPage(path)).cache).toBe('hit');
    const [a, b] = await navOrder(path);
    expect(a).toBeGreaterThan(-1);
    expect(a).toBeLessThan(b!);

    const moved = await desk.post<{ journals: Journal[] }>('/api/amsw1101/content/journals/move', {
      journalListId: second.journalListId,
      direction: 'up',
    });
    expect(moved.code).toBe(0);
    const ids = moved.data.journals.map((j) => j.journalListId);
    expect(ids.indexOf(second.journalListId)).toBe(ids.indexOf(first.journalListId) - 1);
    const [a2, b2] = await navOrder(path);
    expect(b2).toBeGreaterThan(-1);
    expect(b2).toBeLessThan(a2!);
    const api = await fetch(`${suite.server.url}/api/amsw0303`, { headers: { Lang: 'en-us' } });
    const names = ((await api.json()) as { data: { journalList: { name: string }[] } }).data.journalList.map(
      (j) => j.name,
    );
    expect(names.indexOf(`Ordered Journal B ${stamp}`)).toBe(names.indexOf(`Ordered Journal A ${stamp}`) - 1);

    // The first journal cannot go higher; an unknown journal is not found.
    const top = moved.data.journals[0]!;
    const still = await desk.post<{ journals: Journal[] }>('/api/amsw1101/content/journals/move', {
      journalListId: top.journalListId,
      direction: 'up',
    });
    expect(still.data.journals.map((j) => j.journalListId)).toEqual(ids);
    expect(
      (await desk.post('/api/amsw1101/content/journals/move', { journalListId: 999_999, direction: 'up' })).code,
    ).toBe(-6);
    expect(
      (
        await desk.post('/api/amsw1101/content/journals/move', {
          journalListId: first.journalListId,
          direction: 'left',
        })
      ).code,
    ).toBe(-10);

    const log = await desk.call<{ rows: { action: string; targetId: string; before: unknown; after: unknown }[] }>(
      '/api/amsw1101/audit?action=content',
    );
    const entry = log.data.rows.find((r) => r.targetId === String(second.journalListId))!;
    expect(entry.action).toBe('content.journal.move');
    expect(entry.after).toEqual({ place: (entry.before as { place: number }).place - 1 });
    expect((await desk.page('/en-us/staff/content/journals')).html).toContain(`Move up “Ordered Journal B ${stamp}”`);
  });
});

describe('who may use the home page, journals and files desks', () => {
  const pdfForm = () => {
    const form = new FormData();
    form.set('file', new File([PDF], 'x.pdf'));
    return form;
  };
  const endpoints: StaffEndpoint[] = [
    ['/api/amsw1101/content/home', 'GET'],
    ['/api/amsw1101/content/home/detail?indexPartId=1', 'GET'],
    ['/api/amsw1101/content/home/save', 'POST', { type: 'card', titleZh: 'x' }],
    ['/api/amsw1101/content/home/move', 'POST', { indexPartId: 1, direction: 'down' }],
    ['/api/amsw1101/content/home/delete', 'POST', { indexPartId: 1, updatedAt: new Date().toISOString() }],
    ['/api/amsw1101/content/home/items/save', 'POST', { indexPartId: 1, titleZh: 'x' }],
    ['/api/amsw1101/content/home/items/move', 'POST', { itemId: 1, direction: 'down' }],
    ['/api/amsw1101/content/home/items/delete', 'POST', { itemId: 1, updatedAt: new Date().toISOString() }],
    ['/api/amsw1101/content/journals', 'GET'],
    ['/api/amsw1101/content/journals/detail?journalListId=1', 'GET'],
    ['/api/amsw1101/content/journals/save', 'POST', { nameZh: 'x' }],
    ['/api/amsw1101/content/journals/move', 'POST', { journalListId: 1, direction: 'down' }],
    ['/api/amsw1101/content/journals/volumes/save', 'POST', { journalListId: 1, volume: 99, year: 2026 }],
    ['/api/amsw1101/content/journals/issues/save', 'POST', { journalVolumeId: 1, number: 99 }],
    ['/api/amsw1101/content/journals/papers?journalNumberId=1', 'GET'],
    ['/api/amsw1101/content/journals/papers/find?q=x', 'GET'],
    ['/api/amsw1101/content/journals/papers/save', 'POST', { journalNumberId: 1, titleZh: 'x', authorsZh: 'y' }],
    ['/api/amsw1101/content/journals/papers/move', 'POST', { paperId: 1, direction: 'down' }],
    ['/api/amsw1101/content/journals/papers/delete', 'POST', { paperId: 1, updatedAt: new Date().toISOString() }],
    ['/api/amsw1101/content/files', 'GET'],
    ['/api/amsw1101/content/files/upload', 'POST', pdfForm],
    ['/api/amsw1101/content/files/delete', 'POST', { fileId: 1 }],
  ];
  const pages = [
    '/staff/content/home',
    '/en-us/staff/content/home/1',
    '/staff/content/journals',
    '/staff/content/journals/1',
    '/en-us/staff/content/journals/issues/1',
    '/staff/content/files',
  ];

  it('refuses visitors, organisations, members, staff without the editor role, and an editor before the second factor', async () => {
    await expectStaffRefusals({
      base: suite.server.url,
      role: 'editor',
      endpoints,
      pages,
      opens: [
        '/api/amsw1101/content/home',
        '/api/amsw1101/content/files',
        '/api/amsw1101/content/journals',
        '/api/amsw1101/content/journals/papers?journalNumberId=1',
        '/api/amsw1101/content/journals/papers/find?q=x',
      ],
    });
  });
});
