import sharp from 'sharp';
import { expect } from 'vitest';
import type { signedInOn } from './own-server';

/** What the files desk answers for an upload. */
export interface StoredFile {
  fileId: number;
  name: string;
  contentType: string;
  width: number | null;
  height: number | null;
  resizedFrom: { width: number; height: number } | null;
  usedBy: { kind: string; id: number; title: string }[];
}

/** Uploads a file to the content desk's files as the signed-in editor. */
export async function upload(desk: Awaited<ReturnType<typeof signedInOn>>, file: File) {
  const form = new FormData();
  form.set('file', file);
  return desk.call<StoredFile>('/api/amsw1101/content/files/upload', { method: 'POST', body: form });
}

/** A plain picture of the given size, with camera metadata the upload must strip. */
export const picture = (width: number, height: number, format: 'png' | 'jpeg') => {
  const image = sharp({ create: { width, height, channels: 3, background: '#2c7ad5' } });
  return (format === 'png' ? image.png() : image.jpeg())
    .withMetadata({ exif: { IFD0: { Copyright: 'Secret Camera Owner' } } })
    .toBuffer();
};

/**
 * An article's form as the desk stored it (category, texts, pinned), to save it again with a change:
 * `{ ...(await storedArticleForm(desk, id)), publish: true }`.
 */
export async function storedArticleForm(desk: Awaited<ReturnType<typeof signedInOn>>, articleId: number) {
  const stored = await desk.call<Record<string, unknown>>(
    `/api/amsw1101/content/articles/detail?articleId=${articleId}`,
  );
  expect(stored.code).toBe(0);
  const { categoryId, titleZh, titleEn, summaryZh, summaryEn, bodyZh, bodyEn, pinned } = stored.data;
  return { articleId, categoryId, titleZh, titleEn, summaryZh, summaryEn, bodyZh, bodyEn, pinned };
}
