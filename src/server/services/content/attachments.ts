import { inArray } from 'drizzle-orm';
import type { Attachment } from '../../../lib/content-types';
import { pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import type { AttachmentView } from '../../../lib/schemas/common';
import { files } from '../../db/schema';
import { runtime } from '../../runtime';

/**
 * The downloads of an article, custom page or event with their stored name, type and size, in
 * their order; a file that no longer exists is left out. The label falls back to the file name.
 */
export async function attachmentViews(attachments: Attachment[], locale: Locale): Promise<AttachmentView[]> {
  if (attachments.length === 0) return [];
  const { db } = (await runtime()).database;
  const rows = await db
    .select({ id: files.id, name: files.name, contentType: files.contentType, size: files.size })
    .from(files)
    .where(
      inArray(
        files.id,
        attachments.map((a) => a.fileId),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return attachments.flatMap((attachment) => {
    const file = byId.get(attachment.fileId);
    if (!file) return [];
    return [
      {
        fileId: file.id,
        label: pickText(attachment.label, locale) || file.name,
        name: file.name,
        contentType: file.contentType,
        size: file.size,
      },
    ];
  });
}
