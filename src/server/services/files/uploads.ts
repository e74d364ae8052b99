import { createHash, randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { ErrorCode } from '../../../lib/error-codes';
import { UPLOAD_PURPOSES, type UploadPurpose } from '../../../lib/uploads';
import type { Executor } from '../../db/client';
import { files } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { runtime } from '../../runtime';
import type { Applicant } from '../applicants';

export interface UploadedFile {
  fileId: number;
  name: string;
  contentType: string;
  size: number;
}

/** A readable file name: no path, no control characters, at most 120 characters. */
function cleanName(name: string, extension: string): string {
  const base = [...(name.split(/[\\/]/).pop() ?? '')]
    .filter((c) => c.charCodeAt(0) > 31 && c.charCodeAt(0) !== 127)
    .join('')
    .trim()
    .slice(0, 120);
  return base || `upload.${extension}`;
}

/**
 * Stores an individual's or an organisation's upload privately (DESIGN.md §17): the type is read from the bytes (a PDF
 * named .jpg is a PDF; a script named .pdf is refused with -21), the purpose sets which types and
 * sizes are allowed (-996 above it), and the file belongs to its uploader until an application
 * takes it. It is never served through the public file address.
 */
export async function storeUpload(owner: Applicant, purpose: UploadPurpose, file: File): Promise<UploadedFile> {
  const rules = UPLOAD_PURPOSES[purpose];
  if (file.size > rules.maxBytes) throw new AppError(ErrorCode.FILE_TOO_LARGE, { fields: ['file'] });
  if (file.size === 0) throw new AppError(ErrorCode.FORM_DATA, { fields: ['file'] }, { key: 'uploadEmpty' });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !(rules.types as readonly string[]).includes(detected.mime))
    throw new AppError(ErrorCode.FORM_DATA, { fields: ['file'], allowed: rules.types }, { key: 'uploadType' });
  const rt = await runtime();
  const storageKey = `${randomUUID()}.${detected.ext}`;
  await rt.storage.put(storageKey, bytes);
  const name = cleanName(file.name, detected.ext);
  const [row] = await rt.database.db
    .insert(files)
    .values({
      name,
      contentType: detected.mime,
      size: bytes.byteLength,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      storageKey,
      ownerId: owner.id,
      ownerType: owner.kind,
      purpose,
    })
    .returning({ id: files.id });
  return { fileId: row!.id, name, contentType: detected.mime, size: bytes.byteLength };
}

/** The uploads among `fileIds` that `owner` made for `purpose` (others are not theirs to use). */
export async function ownUploads(
  executor: Executor,
  owner: Applicant,
  purpose: UploadPurpose,
  fileIds: number[],
): Promise<UploadedFile[]> {
  if (fileIds.length === 0) return [];
  const rows = await executor
    .select({ fileId: files.id, name: files.name, contentType: files.contentType, size: files.size })
    .from(files)
    .where(
      and(
        inArray(files.id, fileIds),
        eq(files.ownerId, owner.id),
        eq(files.ownerType, owner.kind),
        eq(files.purpose, purpose),
      ),
    );
  return rows;
}
