import { asc, eq } from 'drizzle-orm';
import { ErrorCode } from '../../../lib/error-codes';
import { pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import { files, indexPartItems, indexParts, type IndexPartType } from '../../db/schema';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { safeUrl } from '../../../lib/safe-url';

export interface IndexPartItem {
  itemId: number;
  title: string;
  description: string;
  imageFileId: number | null;
  imageAlt: string;
  imageWidth: number | null;
  imageHeight: number | null;
  linkUrl: string | null;
  openInNewTab: boolean;
}

export interface IndexPartItems {
  indexPartId: number;
  title: string;
  items: IndexPartItem[];
}

/**
 * The entries of one carousel, card or link block. An id that is not a block of the asked
 * type answers -6.
 */
export async function getIndexPartItems(
  indexPartId: number,
  type: Extract<IndexPartType, 'carousel' | 'card' | 'link'>,
  locale: Locale,
): Promise<IndexPartItems> {
  const rt = await runtime();
  return rt.cache.get(`part:${indexPartId}:${type}:${locale}`, async () => {
    const { db } = rt.database;
    const [part] = await db.select().from(indexParts).where(eq(indexParts.id, indexPartId)).limit(1);
    if (!part || part.type !== type || !part.visible) throw new AppError(ErrorCode.NO_DATA);
    const rows = await db
      .select({ item: indexPartItems, width: files.width, height: files.height })
      .from(indexPartItems)
      .leftJoin(files, eq(indexPartItems.imageFileId, files.id))
      .where(eq(indexPartItems.indexPartId, indexPartId))
      .orderBy(asc(indexPartItems.sort), asc(indexPartItems.id));
    return {
      indexPartId,
      title: pickText(part.title, locale),
      items: rows.map(({ item, width, height }) => ({
        itemId: item.id,
        title: pickText(item.title, locale),
        description: pickText(item.description, locale),
        imageFileId: item.imageFileId,
        imageAlt: pickText(item.imageAlt, locale),
        imageWidth: width,
        imageHeight: height,
        // Checked as it is shown too: rows the seed or an older import wrote never met the desk's check.
        linkUrl: safeUrl(item.linkUrl),
        openInNewTab: item.openInNewTab,
      })),
    };
  });
}
