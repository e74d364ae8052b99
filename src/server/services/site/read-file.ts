import { eq } from 'drizzle-orm';
import { ErrorCode } from '../../../lib/error-codes';
import { files } from '../../db/schema';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { readFileGrant } from '../../auth/file-grants';
import { verifyPreviewToken } from '../../auth/preview-tokens';
import { withheldFileIds } from '../files/withheld-files';

export interface StoredFile {
  name: string;
  contentType: string;
  size: number;
  etag: string;
  /** Used only by unpublished content: answered to a preview holder and never kept by caches. */
  withheld: boolean;
  /** Opens the bytes as a stream; -7 when the bytes are gone. Not called for a 304. */
  open(): Promise<ReadableStream<Uint8Array>>;
}

/** How a reader may open a withheld file: a file preview token, or the grant cookie of a preview page. */
export interface FileAccess {
  token?: string | null;
  grant?: string | null;
}

/**
 * A stored file's metadata by id, with a way to stream its bytes; unknown ids answer -7. A file
 * only unpublished content uses answers -7 too, unless the reader holds a preview token for it
 * or a preview page's grant that names it. A member's private upload is never answered here.
 */
export async function readFile(fileId: number, access: FileAccess = {}): Promise<StoredFile> {
  const rt = await runtime();
  const withheld = (await withheldFileIds()).has(fileId);
  if (withheld) {
    const key = rt.secrets.signingKey;
    const allowed =
      verifyPreviewToken(key, access.token, 'file', fileId) || readFileGrant(key, access.grant).has(fileId);
    if (!allowed) throw new AppError(ErrorCode.NO_FILE);
  }
  const [row] = await rt.database.db.select().from(files).where(eq(files.id, fileId)).limit(1);
  // A member's upload is private: served only where what it belongs to is (never here).
  if (!row || row.ownerId !== null) throw new AppError(ErrorCode.NO_FILE);
  return {
    name: row.name,
    contentType: row.contentType,
    size: row.size,
    etag: `"${row.sha256}"`,
    withheld,
    open: async () => {
      const stream = await rt.storage.open(row.storageKey);
      if (!stream) throw new AppError(ErrorCode.NO_FILE);
      return stream;
    },
  };
}
