import { eq } from 'drizzle-orm';
import { ErrorCode } from '../../../lib/error-codes';
import { files } from '../../db/schema';
import { verifyPreviewToken } from '../../auth/preview-tokens';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { storedFileView } from './file-rows';

export interface PreviewFile {
  fileId: number;
  name: string;
  contentType: string;
  size: number;
  width: number | null;
  height: number | null;
  uploadedAt: string;
  kind: 'image' | 'pdf' | 'other';
}

/**
 * A stored file's details for the holder of a preview link. The token is checked before the
 * database is asked, and a bad token and an unknown file answer the same -7, so the link reveals
 * nothing about files it was not made for. Never cached: a token expires by the second.
 */
export async function getPreviewFile(fileId: number, token: string | null): Promise<PreviewFile> {
  const rt = await runtime();
  if (!verifyPreviewToken(rt.secrets.signingKey, token, 'file', fileId)) throw new AppError(ErrorCode.NO_FILE);
  const [row] = await rt.database.db.select().from(files).where(eq(files.id, fileId)).limit(1);
  if (!row) throw new AppError(ErrorCode.NO_FILE);
  return {
    ...storedFileView(row),
    uploadedAt: row.createdAt.toISOString(),
    kind: /^image\//.test(row.contentType) ? 'image' : row.contentType === 'application/pdf' ? 'pdf' : 'other',
  };
}
