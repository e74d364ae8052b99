import { describe, expect, it } from 'vitest';
import { baseUrl, page, previewToken } from './helpers';
import { allEvents, draftEventId } from './events-fixtures';

/** The file ids a page's markup points to. */
const fileIdsIn = (html: string) => new Set([...html.matchAll(/amsw1002\?fileId=(\d+)/g)].map((m) => Number(m[1])));

/** The cover of the seeded draft event: a file no published content uses. */
async function draftCover(): Promise<{ fileId: number; grantCookie: string }> {
  const id = await draftEventId();
  const preview = await fetch(`${baseUrl()}/en-us/preview/event/${id}?token=${previewToken('event', id)}`);
  const html = await preview.text();
  const siteWide = fileIdsIn((await page('/en-us/')).html);
  const own = [...fileIdsIn(html)].filter((fileId) => !siteWide.has(fileId));
  expect(own).toHaveLength(1);
  const setCookie = preview.headers.getSetCookie().find((c) => c.startsWith('ams-file-grant='));
  expect(setCookie).toMatch(/Path=\/api\/amsw1002/);
  expect(setCookie).toMatch(/HttpOnly/);
  return { fileId: own[0]!, grantCookie: setCookie!.split(';')[0]! };
}

describe('files of unpublished content', () => {
  it('are not served to someone who only guesses the id', async () => {
    const { fileId } = await draftCover();
    const res = await fetch(`${baseUrl()}/api/amsw1002?fileId=${fileId}`);
    const body = (await res.json()) as { code: number };
    expect(body.code).toBe(-7);
  });

  it('are served with a file preview token, never to a shared cache', async () => {
    const { fileId } = await draftCover();
    const res = await fetch(`${baseUrl()}/api/amsw1002?fileId=${fileId}&token=${previewToken('file', fileId)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const wrong = await fetch(`${baseUrl()}/api/amsw1002?fileId=${fileId}&token=${previewToken('file', fileId + 1)}`);
    expect(((await wrong.json()) as { code: number }).code).toBe(-7);
  });

  it('load on the preview page itself through the grant it sets', async () => {
    const { fileId, grantCookie } = await draftCover();
    const res = await fetch(`${baseUrl()}/api/amsw1002?fileId=${fileId}`, { headers: { Cookie: grantCookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    const forged = grantCookie.replace(/\.[\w-]+$/, '.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    const refused = await fetch(`${baseUrl()}/api/amsw1002?fileId=${fileId}`, { headers: { Cookie: forged } });
    expect(((await refused.json()) as { code: number }).code).toBe(-7);
  });

  it('leave the files of published content public', async () => {
    const withCover = (await allEvents()).find((e) => e.coverFileId !== null)!;
    const res = await fetch(`${baseUrl()}/api/amsw1002?fileId=${withCover.coverFileId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/^public/);
  });
});
