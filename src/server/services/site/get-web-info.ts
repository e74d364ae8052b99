import type { z } from 'zod';
import { pickText } from '../../../lib/i18n-text';
import type { webInfoResponse } from '../../../lib/schemas/site';
import type { Locale } from '../../../lib/locales';
import { brandColor } from '../../../lib/theme';
import { webInfo } from '../../db/schema';
import { runtime } from '../../runtime';

/** What the API's webInfo answers (its documented schema), and what every page reads. */
export type WebInfo = z.output<typeof webInfoResponse>;

/** The stored web info row (cached in process; every page needs it). */
export async function loadWebInfoRow() {
  const rt = await runtime();
  return rt.cache.get('web-info', async () => {
    const [row] = await rt.database.db.select().from(webInfo).limit(1);
    return row ?? null;
  });
}

/** The society's name, description, icons and brand colour in the reader's language. */
export async function getWebInfo(locale: Locale): Promise<WebInfo> {
  const row = await loadWebInfoRow();
  return {
    name: pickText(row?.name, locale),
    shortName: pickText(row?.shortName, locale) || pickText(row?.name, locale),
    setUp: (row?.setUpAt ?? null) !== null,
    seoContent: pickText(row?.seoContent, locale),
    faviconFileId: row?.faviconFileId ?? null,
    darkLogoFileId: row?.darkLogoFileId ?? null,
    color: brandColor(row?.color),
  };
}
