/**
 * The editors' files desk (DESIGN.md §17, §19): the society's own files the public site shows
 * (pictures of home blocks, covers, downloads). An upload's type is read from its bytes; a picture
 * is turned upright, scaled down to fit `CONTENT_IMAGE_MAX_EDGE` and saved again without its
 * metadata (a phone photo's place and camera) with sharp (decision record 020). A file still
 * shown somewhere is not deleted: the desk says where it is used.
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, like, sql, type SQL } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { ErrorCode } from '../../../lib/error-codes';
import { referencedFileIds } from '../../../lib/file-references';
import { pickText } from '../../../lib/i18n-text';
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
import { AppError } from '../../http/app-error';
import { DEFAULT_MAX_FILE_BYTES } from '../../http/endpoint';
import { runtime } from '../../runtime';
import { recordAudit } from '../accounts/audit';
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
    let pipeline = image
      .rotate()
      .resize({ width: CONTENT_IMAGE_MAX_EDGE, height: CONTENT_IMAGE_MAX_EDGE, fit: 'inside', withoutEnlargement: true });
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
export async function storeContentFile(
  staff: Actor,
  file: File,
  ip: string,
): Promise<ContentFileUploaded> {
  if (file.size > DEFAULT_MAX_FILE_BYTES) throw new AppError(ErrorCode.FILE_TOO_LARGE, { fields: ['file'] });
  if (file.size === 0) throw new AppError(ErrorCode.FORM_DATA, { fields: ['file'] }, { key: 'uploadEmpty' });
  const uploaded = new Uint8Array(await file.arrayBuffer());
  const detected = await fileTypeFromBuffer(uploaded);
  if (!detected || !(CONTENT_FILE_TYPES as readonly string[]).includes(detected.mime))
    throw new AppError(ErrorCode.FORM_DATA, { fields: ['file'], allowed: CONTENT_FILE_TYPES }, { key: 'contentFileType' });
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
          name,
          contentType: detected.mime,
          size: bytes.byteLength,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          storageKey,
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
    fileId: row.id,
    name: row.name,
    contentType: row.contentType,
    size: row.size,
    width: row.width,
    height: row.height,
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

/** The society's pictures, newest first, for the home blocks' picture choice (at most 200). */
export async function listContentImages(): Promise<{ fileId: number; name: string }[]> {
  const { db } = (await runtime()).database;
  return db
    .select({ fileId: files.id, name: files.name })
    .from(files)
    .where(and(societyFile, inArray(files.contentType, [...CONTENT_IMAGE_TYPES, 'image/svg+xml'])))
    .orderBy(desc(files.createdAt), desc(files.id))
    .limit(200);
}

/**
 * Where each file is shown, by file id: home blocks' entries, articles, events, pages (covers,
 * downloads and pictures in their text), journals, issues and papers, and the site's logo and
 * icon. One statement per kind of content.
 */
export async function fileUsages(db: Executor, locale: Locale): Promise<Map<number, FileUsage[]>> {
  const [items, articleRows, eventRows, pageRows, journals, numbers, papers, site] = await Promise.all([
    db
      .select({ id: indexParts.id, title: indexParts.title, imageFileId: indexPartItems.imageFileId })
      .from(indexPartItems)
      .innerJoin(indexParts, eq(indexPartItems.indexPartId, indexParts.id)),
    db
      .select({
        id: articles.id,
        title: articles.title,
        coverFileId: articles.coverFileId,
        attachments: articles.attachments,
        content: articles.content,
      })
      .from(articles),
    db
      .select({
        id: events.id,
        title: events.title,
        coverFileId: events.coverFileId,
        attachments: events.attachments,
        description: events.description,
      })
      .from(events),
    db
      .select({
        id: customPages.id,
        title: customPages.title,
        attachments: customPages.attachments,
        content: customPages.content,
      })
      .from(customPages),
    db.select({ id: journalLists.id, title: journalLists.name, coverFileId: journalLists.coverFileId }).from(journalLists),
    db
      .select({
        id: journalNumbers.id,
        title: journalLists.name,
        volume: journalVolumes.volume,
        number: journalNumbers.number,
        coverFileId: journalNumbers.coverFileId,
      })
      .from(journalNumbers)
      .innerJoin(journalVolumes, eq(journalNumbers.journalVolumeId, journalVolumes.id))
      .innerJoin(journalLists, eq(journalVolumes.journalListId, journalLists.id)),
    db
      .select({ id: journalPapers.id, title: journalPapers.title, pdfFileId: journalPapers.pdfFileId })
      .from(journalPapers),
    db
      .select({ title: webInfo.name, faviconFileId: webInfo.faviconFileId, darkLogoFileId: webInfo.darkLogoFileId })
      .from(webInfo),
  ]);
  const usages = new Map<number, FileUsage[]>();
  const add = (kind: FileUsage['kind'], id: number, title: string, row: Record<string, unknown>) => {
    for (const fileId of referencedFileIds(row)) {
      const list = usages.get(fileId) ?? [];
      if (!list.some((u) => u.kind === kind && u.id === id)) list.push({ kind, id, title });
      usages.set(fileId, list);
    }
  };
  for (const { id, title, ...row } of items) add('homeBlock', id, pickText(title, locale), row);
  for (const { id, title, ...row } of articleRows) add('article', id, pickText(title, locale), row);
  for (const { id, title, ...row } of eventRows) add('event', id, pickText(title, locale), row);
  for (const { id, title, ...row } of pageRows) add('page', id, pickText(title, locale), row);
  for (const { id, title, ...row } of journals) add('journal', id, pickText(title, locale), row);
  for (const { id, title, volume, number, ...row } of numbers)
    add('journalNumber', id, `${pickText(title, locale)} ${volume}(${number})`, row);
  for (const { id, title, ...row } of papers) add('journalPaper', id, pickText(title, locale), row);
  for (const { title, ...row } of site) add('site', 1, pickText(title, locale), row);
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
  await rt.storage.remove(storageKey).catch(() => undefined);
}
