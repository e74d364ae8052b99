import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { ErrorCode } from '../../../lib/error-codes';
import { nameForType, UPLOAD_PURPOSES, type UploadPurpose } from '../../../lib/uploads';
import type { Executor } from '../../db/client';
import { files } from '../../db/schema';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import type { Applicant } from '../applicants';
import { newFileRow } from './file-rows';
import { stripPdfMetadata } from './pdf-metadata';

export interface UploadedFile {
  fileId: number;
  name: string;
  contentType: string;
  size: number;
  /** For a purpose whose PDFs lose their metadata (a manuscript): whether it could be removed; else null. */
  metadataStripped: boolean | null;
}

/**
 * A readable file name: no path, no control characters, at most 120 characters before the
 * extension of the type read from the bytes (`nameForType`: `report.html` stored as a PDF is
 * `report.pdf`), so the name never says another type than the one served.
 */
function cleanName(name: string, contentType: string): string {
  const base = [...(name.split(/[\\/]/).pop() ?? '')]
    .filter((c) => c.charCodeAt(0) > 31 && c.charCodeAt(0) !== 127)
    .join('')
    .trim()
    .slice(0, 120);
  return nameForType(base, contentType);
}

/**
 * UTF-8 text without NUL characters (a CSV file has no signature of its own to read from its
 * bytes); with `anyEncoding`, text in another encoding (Big5) too.
 */
function isText(bytes: Uint8Array, anyEncoding = false): boolean {
  if (bytes.includes(0)) return false;
  if (anyEncoding) return true;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stores an individual's or an organisation's upload privately (DESIGN.md §17): the type is read from the bytes (a PDF
 * named .jpg is a PDF, and is named .pdf; a script named .pdf is refused with -21; text is CSV where the purpose takes CSV), the purpose sets which types and
 * sizes are allowed (-996 above it) and who uploads for it (-11 otherwise), and the file belongs to its uploader until an application
 * takes it. It is never served through the public file address.
 */
export async function storeUpload(owner: Applicant, purpose: UploadPurpose, file: File): Promise<UploadedFile> {
  const rules = UPLOAD_PURPOSES[purpose];
  if (!(rules.uploaders as readonly string[]).includes(owner.kind)) throw new AppError(ErrorCode.NO_PERMISSION);
  if (file.size > rules.maxBytes) throw new AppError(ErrorCode.FILE_TOO_LARGE, { fields: ['file'] });
  if (file.size === 0) throw new AppError(ErrorCode.FORM_DATA, { fields: ['file'] }, { key: 'uploadEmpty' });
  const uploaded = new Uint8Array(await file.arrayBuffer());
  const allowed = rules.types as readonly string[];
  const detected =
    (await fileTypeFromBuffer(uploaded)) ??
    (allowed.includes('text/csv') && isText(uploaded, 'anyTextEncoding' in rules)
      ? { mime: 'text/csv', ext: 'csv' }
      : undefined);
  if (!detected || !allowed.includes(detected.mime))
    throw new AppError(ErrorCode.FORM_DATA, { fields: ['file'], allowed: rules.types }, { key: rules.refusedKey });
  // A manuscript's PDF loses what names its author outside the text (blind review).
  const cleaned = 'stripMetadata' in rules ? await stripPdfMetadata(uploaded) : null;
  const bytes = cleaned?.bytes ?? uploaded;
  const rt = await runtime();
  const storageKey = `${randomUUID()}.${detected.ext}`;
  // The bytes first, then their row: a full or read-only store fails the upload with no row written,
  // and a row that cannot be written leaves no bytes behind.
  await rt.storage.put(storageKey, bytes);
  const name = cleanName(file.name, detected.mime);
  let row: { id: number } | undefined;
  try {
    [row] = await rt.database.db
      .insert(files)
      .values({
        ...newFileRow(name, detected.mime, bytes, storageKey),
        ownerId: owner.id,
        ownerType: owner.kind,
        purpose,
        metadataStripped: cleaned?.stripped ?? null,
      })
      .returning({ id: files.id });
  } catch (error) {
    await rt.storage.remove(storageKey).catch(() => undefined);
    throw error;
  }
  return {
    fileId: row!.id,
    name,
    contentType: detected.mime,
    size: bytes.byteLength,
    metadataStripped: cleaned?.stripped ?? null,
  };
}

/** Files `owner` uploaded for `purpose`, among `fileIds`. */
function ownedFor(owner: Applicant, purpose: UploadPurpose, fileIds: number[]) {
  return and(
    inArray(files.id, fileIds),
    eq(files.ownerId, owner.id),
    eq(files.ownerType, owner.kind),
    eq(files.purpose, purpose),
  );
}

const UPLOAD_COLUMNS = {
  fileId: files.id,
  name: files.name,
  contentType: files.contentType,
  size: files.size,
  metadataStripped: files.metadataStripped,
};

/** The uploads among `fileIds` that `owner` made for `purpose` (others are not theirs to use). */
export async function ownUploads(
  executor: Executor,
  owner: Applicant,
  purpose: UploadPurpose,
  fileIds: number[],
): Promise<UploadedFile[]> {
  if (fileIds.length === 0) return [];
  return executor
    .select(UPLOAD_COLUMNS)
    .from(files)
    .where(ownedFor(owner, purpose, fileIds));
}

/** The bytes of an upload `owner` made for `purpose`, with its details; null when it is not theirs (or not for that). */
export async function readOwnUpload(
  executor: Executor,
  owner: Applicant,
  purpose: UploadPurpose,
  fileId: number,
): Promise<{ file: UploadedFile; bytes: Uint8Array } | null> {
  const [row] = await executor
    .select({ file: UPLOAD_COLUMNS, storageKey: files.storageKey })
    .from(files)
    .where(ownedFor(owner, purpose, [fileId]));
  if (!row) return null;
  const stream = await (await runtime()).storage.open(row.storageKey);
  if (!stream) return null;
  return { file: row.file, bytes: new Uint8Array(await new Response(stream).arrayBuffer()) };
}
