import { eq } from 'drizzle-orm';
import { ErrorCode } from '../../../lib/error-codes';
import { files } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { runtime } from '../../runtime';

export interface StoredFile {
  name: string;
  contentType: string;
  size: number;
  etag: string;
  /** Opens the bytes as a stream; -7 when the bytes are gone. Not called for a 304. */
  open(): Promise<ReadableStream<Uint8Array>>;
}

/** A stored file's metadata by id, with a way to stream its bytes; unknown ids answer -7. */
export async function readFile(fileId: number): Promise<StoredFile> {
  const rt = await runtime();
  const [row] = await rt.database.db.select().from(files).where(eq(files.id, fileId)).limit(1);
  if (!row) throw new AppError(ErrorCode.NO_FILE);
  return {
    name: row.name,
    contentType: row.contentType,
    size: row.size,
    etag: `"${row.sha256}"`,
    open: async () => {
      const stream = await rt.storage.open(row.storageKey);
      if (!stream) throw new AppError(ErrorCode.NO_FILE);
      return stream;
    },
  };
}
