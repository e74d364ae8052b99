import sharp from 'sharp';
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
