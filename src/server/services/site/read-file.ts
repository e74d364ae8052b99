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
  bytes: Uint8Array;
}

/** A stored file's bytes and metadata by id; unknown ids and missing bytes answer -7. */
export async function readFile(fileId: number): Promise<StoredFile> {
  const rt = await runtime();
  const [row] = await rt.database.db.select().from(files).where(eq(files.id, fileId)).limit(1);
  if (!row) throw new AppError(ErrorCode.NO_FILE);
  const bytes = await rt.storage.get(row.storageKey);
  if (!bytes) throw new AppError(ErrorCode.NO_FILE);
  return { name: row.name, contentType: row.contentType, size: row.size, etag: `"${row.sha256}"`, bytes };
}
