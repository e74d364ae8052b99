/**
 * The editors' files desk (DESIGN.md §17, §19): the society's own files the public site shows
 * (pictures of home blocks, covers, downloads). An upload's type is read from its bytes; a picture
 * is turned upright, scaled down to fit `CONTENT_IMAGE_MAX_EDGE` and saved again without its
 * metadata (a phone photo's place and camera) with sharp (decision record 022). A file still
 * shown somewhere is not deleted: the desk says where it is used.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, like, sql, type SQL } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { ErrorCode } from '../../../lib/error-codes';
import { referencedFileIds } from '../../../lib/file-references';
import { pickText, type I18nText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import { pageCount, pageOffset } from '../../../lib/paging';
import {
  CONTENT_FILE_TYPES,
  CONTENT_IMAGE_MAX_EDGE,
  CONTENT_IMAGE_TYPES,
  FILES_PAGE_SIZE,
  type ContentFileUploaded,
  type ContentFilesFilter,
  type ContentFileView,
  type FileUsage,
} from '../../../lib/schemas/content-home';
import { nameForType } from '../../../lib/uploads';
import type { Actor } from '../../auth/sessions';
import type { Executor } from '../../db/client';
import {
  articles,
  customPages,
  events,
  files,
  indexPartItems,
  indexParts,
  journalLists,
  journalNumbers,
  journalPapers,
  journalVolumes,
  webInfo,
} from '../../db/schema';
import { AppError } from '../../app-error';
import { DEFAULT_MAX_FILE_BYTES } from '../../http/endpoint';
import { runtime } from '../../runtime';
import { recordAudit } from '../accounts/audit';
import { removeStoredFiles } from '../backup/file-removal';
import { newFileRow, storedFileView } from '../files/file-rows';
import { changeContent } from './changes';

/** What the files desk stores its uploads as (`files.purpose`); the society's files have no owner. */
const PURPOSE = 'content';

const isImage = (type: string) => (CONTENT_IMAGE_TYPES as readonly string[]).includes(type);

/** A picture re-encoded in its own format: upright, within the largest edge, without metadata. */
async function preparedImage(bytes: Uint8Array, type: string) {
  try {
    const image = sharp(bytes, { failOn: 'error' });
    const meta = await image.metadata();
    // Pictures taken sideways say so in their metadata: width and height as they are shown.
    const sideways = (meta.orientation ?? 1) >= 5;
    const width = (sideways ? meta.height : meta.width) ?? 0;
    const height = (sideways ? meta.width : meta.height) ?? 0;
    let pipeline = image.rotate().resize({
      width: CONTENT_IMAGE_MAX_EDGE,
      height: CONTENT_IMAGE_MAX_EDGE,
      fit: 'inside',
      withoutEnlargement: true,
    });
    pipeline =
      type === 'image/png'
        ? pipeline.png({ compressionLevel: 9 })
        : type === 'image/webp'
          ? pipeline.webp({ quality: 82 })
          : pipeline.jpeg({ quality: 82, mozjpeg: true });
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    const resized = info.width < width || info.height < height;
    return {
      bytes: new Uint8Array(data),
      width: info.width,
      height: info.height,
      resizedFrom: resized ? { width, height } : null,
    };
  } catch {
    throw new AppError(ErrorCode.FORM_DATA, { fields: ['file'] }, { key: 'imageUnreadable' });
  }
}

/**
 * Stores a file for the public site: at most the API's file size (-996), not empty, a JPEG, PNG,
 * WebP picture or a PDF by its bytes (-21 `contentFileType` otherwise); pictures prepared as
 * above. Audited `content.file.upload`.
 */
export async function storeContentFile(staff: Actor, file: File, ip: string): Promise<ContentFileUploaded> {
  if (file.size > DEFAULT_MAX_FILE_BYTES) throw new AppError(ErrorCode.FILE_TOO_LARGE, { fields: ['file'] });
  if (file.size === 0) throw new AppError(ErrorCode.FORM_DATA, { fields: ['file'] }, { key: 'uploadEmpty' });
  const uploaded = new Uint8Array(await file.arrayBuffer());
  const detected = await fileTypeFromBuffer(uploaded);
  if (!detected || !(CONTENT_FILE_TYPES as readonly string[]).includes(detected.mime))
    throw new AppError(
      ErrorCode.FORM_DATA,
      { fields: ['file'], allowed: CONTENT_FILE_TYPES },
      { key: 'contentFileType' },
    );
  const image = isImage(detected.mime) ? await preparedImage(uploaded, detected.mime) : null;
  const bytes = image?.bytes ?? uploaded;
  const rt = await runtime();
  const storageKey = `${randomUUID()}.${detected.ext}`;
  const base = [...(file.name.split(/[\\/]/).pop() ?? '')]
    .filter((c) => c.charCodeAt(0) > 31 && c.charCodeAt(0) !== 127)
    .join('')
    .trim()
    .slice(0, 120);
  const name = nameForType(base, detected.mime);
  await rt.storage.put(storageKey, bytes);
  try {
    const row = await changeContent(async (tx) => {
      const [created] = await tx
        .insert(files)
        .values({
          ...newFileRow(name, detected.mime, bytes, storageKey),
          width: image?.width ?? null,
          height: image?.height ?? null,
          ownerId: null,
          purpose: PURPOSE,
        })
        .returning();
      await recordAudit(tx, {
        actor: { userType: 'individual', accountId: staff.accountId },
        action: 'content.file.upload',
        ip,
        target: { type: 'file', id: created!.id },
        after: {
          name,
          contentType: detected.mime,
          size: bytes.byteLength,
          ...(image ? { width: image.width, height: image.height, resizedFrom: image.resizedFrom } : {}),
        },
      });
      return created!;
    });
    return { ...fileView(row), resizedFrom: image?.resizedFrom ?? null };
  } catch (error) {
    await rt.storage.remove(storageKey).catch(() => undefined);
    throw error;
  }
}

function fileView(row: typeof files.$inferSelect, usedBy: FileUsage[] = []): ContentFileView {
  return {
    ...storedFileView(row),
    createdAt: row.createdAt.toISOString(),
    usedBy,
  };
}

/** The society's files, not a member's uploads. */
const societyFile = isNull(files.ownerId);

/** One page (50) of the society's files, newest first, each with where it is used. */
export async function listContentFiles(filter: ContentFilesFilter, locale: Locale) {
  const { db } = (await runtime()).database;
  const page = filter.page ?? 1;
  const conditions: SQL[] = [societyFile];
  if (filter.kind === 'image') conditions.push(like(files.contentType, 'image/%'));
  if (filter.kind === 'pdf') conditions.push(eq(files.contentType, 'application/pdf'));
  const [rows, usages] = await Promise.all([
    db
      .select({ file: files, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(files)
      .where(and(...conditions))
      .orderBy(desc(files.createdAt), desc(files.id))
      .limit(FILES_PAGE_SIZE)
      .offset(pageOffset(page, FILES_PAGE_SIZE)),
    fileUsages(db, locale),
  ]);
  const total = rows[0]?.total ?? 0;
  return {
    rows: rows.map(({ file }) => fileView(file, usages.get(file.id))),
    page,
    total,
    totalPages: pageCount(total, FILES_PAGE_SIZE),
  };
}

/**
 * The types a society picture may have where the site shows one (home blocks, journal covers):
 * what the desk takes, and SVG (the society file's logo; an upload is never SVG).
 */
const SHOWN_IMAGE_TYPES: readonly string[] = [...CONTENT_IMAGE_TYPES, 'image/svg+xml'];

/** What a content field may point at: a picture the site shows, or a PDF file. */
const FIELD_KINDS: Record<'image' | 'pdf', { types: readonly string[]; key: string }> = {
  image: { types: SHOWN_IMAGE_TYPES, key: 'fileNotImage' },
  pdf: { types: ['application/pdf'], key: 'fileNotPdf' },
};

async function assertContentFile(
  tx: Executor,
  fileId: number | null,
  field: string,
  kind: 'image' | 'pdf',
): Promise<void> {
  if (fileId === null) return;
  const [file] = await tx
    .select({ contentType: files.contentType })
    .from(files)
    .where(and(eq(files.id, fileId), societyFile))
    .limit(1);
  if (!file || !FIELD_KINDS[kind].types.includes(file.contentType))
    throw new AppError(ErrorCode.DATA_CHECK, { fields: [field] }, { key: FIELD_KINDS[kind].key });
}

/** A society picture the site may show (a public file of an image type); -10 `fileNotImage` on `field` otherwise. */
export const assertContentImage = (tx: Executor, fileId: number | null, field: string) =>
  assertContentFile(tx, fileId, field, 'image');

/** A society PDF file (a journal paper's full text); -10 `fileNotPdf` on `field` otherwise. */
export const assertContentPdf = (tx: Executor, fileId: number | null, field: string) =>
  assertContentFile(tx, fileId, field, 'pdf');

/**
 * The society's files of a kind, newest first, for a desk's choice of picture or PDF (at most 200):
 * the same bytes uploaded again are offered once (the newest upload).
 */
export async function listContentChoices(kind: 'image' | 'pdf'): Promise<{ fileId: number; name: string }[]> {
  const { db } = (await runtime()).database;
  const distinct = db
    .selectDistinctOn([files.sha256], { fileId: files.id, name: files.name, createdAt: files.createdAt })
    .from(files)
    .where(and(societyFile, inArray(files.contentType, [...FIELD_KINDS[kind].types])))
    .orderBy(files.sha256, desc(files.createdAt), desc(files.id))
    .as('distinct_files');
  return db
    .select({ fileId: distinct.fileId, name: distinct.name })
    .from(distinct)
    .orderBy(desc(distinct.createdAt), desc(distinct.fileId))
    .limit(200);
}

/** The society's pictures, newest first, for the desks' picture choice (at most 200). */
export const listContentImages = () => listContentChoices('image');

/**
 * Where each file is shown, by file id: home blocks' entries, articles, events, pages (covers,
 * downloads and pictures in their text), journals, issues and papers, and the site's logo and
 * icon. One statement: each kind of content's references as JSON, read by `referencedFileIds`.
 */
export async function fileUsages(db: Executor, locale: Locale): Promise<Map<number, FileUsage[]>> {
  const result = await db.execute<{
    kind: FileUsage['kind'];
    id: number;
    title: I18nText;
    suffix: string | null;
    refs: unknown;
  }>(sql`
    SELECT 'homeBlock' AS kind, p.id, p.title, NULL AS suffix,
      jsonb_build_object('imageFileId', i.image_file_id) AS refs
      FROM ${indexPartItems} i JOIN ${indexParts} p ON p.id = i.index_part_id
      WHERE i.image_file_id IS NOT NULL
    UNION ALL SELECT 'article', id, title, NULL,
      jsonb_build_object('coverFileId', cover_file_id, 'attachments', attachments, 'content', content) FROM ${articles}
    UNION ALL SELECT 'event', id, title, NULL,
      jsonb_build_object('coverFileId', cover_file_id, 'attachments', attachments, 'description', description)
      FROM ${events}
    UNION ALL SELECT 'page', id, title, NULL, jsonb_build_object('attachments', attachments, 'content', content)
      FROM ${customPages}
    UNION ALL SELECT 'journal', id, name, NULL, jsonb_build_object('coverFileId', cover_file_id)
      FROM ${journalLists} WHERE cover_file_id IS NOT NULL
    UNION ALL SELECT 'journalNumber', n.id, l.name, v.volume || '(' || n.number || ')',
      jsonb_build_object('coverFileId', n.cover_file_id)
      FROM ${journalNumbers} n JOIN ${journalVolumes} v ON v.id = n.journal_volume_id
      JOIN ${journalLists} l ON l.id = v.journal_list_id WHERE n.cover_file_id IS NOT NULL
    UNION ALL SELECT 'journalPaper', id, title, NULL, jsonb_build_object('pdfFileId', pdf_file_id)
      FROM ${journalPapers} WHERE pdf_file_id IS NOT NULL
    UNION ALL SELECT 'site', id, name, NULL,
      jsonb_build_object('faviconFileId', favicon_file_id, 'darkLogoFileId', dark_logo_file_id) FROM ${webInfo}
  `);
  const usages = new Map<number, FileUsage[]>();
  for (const row of result.rows) {
    const title = row.suffix ? `${pickText(row.title, locale)} ${row.suffix}` : pickText(row.title, locale);
    for (const fileId of referencedFileIds(row.refs)) {
      const list = usages.get(fileId) ?? [];
      if (!list.some((u) => u.kind === row.kind && u.id === row.id)) list.push({ kind: row.kind, id: row.id, title });
      usages.set(fileId, list);
    }
  }
  return usages;
}

/** A foreign key (SQLSTATE 23503) still points at the row. */
function isReferenced(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

/**
 * Deletes a society file nothing shows any more; a file still used is refused (-10 `fileInUse`,
 * with where it is used in `data.usedBy`), a member's upload or an unknown id answers -7. The
 * bytes go after the commit. Audited `content.file.delete`.
 */
export async function deleteContentFile(staff: Actor, fileId: number, ip: string, locale: Locale): Promise<void> {
  const rt = await runtime();
  let storageKey: string;
  try {
    storageKey = await changeContent(async (tx) => {
      const [row] = await tx
        .select()
        .from(files)
        .where(and(eq(files.id, fileId), societyFile))
        .for('update')
        .limit(1);
      if (!row) throw new AppError(ErrorCode.NO_FILE);
      const usedBy = (await fileUsages(tx, locale)).get(fileId) ?? [];
      if (usedBy.length > 0) throw new AppError(ErrorCode.DATA_CHECK, { usedBy }, { key: 'fileInUse' });
      await tx.delete(files).where(eq(files.id, fileId));
      await recordAudit(tx, {
        actor: { userType: 'individual', accountId: staff.accountId },
        action: 'content.file.delete',
        ip,
        target: { type: 'file', id: fileId },
        before: { name: row.name, contentType: row.contentType, size: row.size },
      });
      return row.storageKey;
    });
  } catch (error) {
    // Anything else that still points at it (a document's picture, say) keeps it too.
    if (isReferenced(error)) throw new AppError(ErrorCode.DATA_CHECK, { usedBy: [] }, { key: 'fileInUse' });
    throw error;
  }
  // After the commit, and never under a running backup (services/backup/file-removal.ts).
  await removeStoredFiles(rt.database, rt.storage, [storageKey]).catch(() => undefined);
}
