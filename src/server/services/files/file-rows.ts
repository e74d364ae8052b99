import { createHash } from 'node:crypto';
import type { files } from '../../db/schema';

/** The columns of a new file row that follow from its bytes: its name, type, size, digest and storage key. */
export function newFileRow(name: string, contentType: string, bytes: Uint8Array, storageKey: string) {
  return {
    name,
    contentType,
    size: bytes.byteLength,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    storageKey,
  };
}

/** What every view of a stored file says first: its id, name, type, size and (an image's) dimensions. */
export function storedFileView(row: typeof files.$inferSelect) {
  return {
    fileId: row.id,
    name: row.name,
    contentType: row.contentType,
    size: row.size,
    width: row.width,
    height: row.height,
  };
}
