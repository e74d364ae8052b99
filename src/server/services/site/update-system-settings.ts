import { eq } from 'drizzle-orm';
import { isLocale, type Locale } from '../../../lib/locales';
import { systemSettings } from '../../db/schema';
import { runtime } from '../../runtime';
import { changeContent } from '../content/changes';

/** The settings that are numbers, with their smallest allowed value. */
export const NUMBER_SETTINGS = { newebpayTradeLimit: 1, webEmailValidMinute: 1, loginBlockMinute: 1 } as const;
/** The settings that are text in each language. */
export const TEXT_SETTINGS = ['amsRemittanceInfo', 'loginNotice'] as const;
/** The settings that are one plain text. */
export const PLAIN_SETTINGS = ['postServiceUrl'] as const;

export type SettingKey =
  keyof typeof NUMBER_SETTINGS | (typeof TEXT_SETTINGS)[number] | (typeof PLAIN_SETTINGS)[number];

export class SettingError extends Error {}

/**
 * Changes one system setting, checked: numbers are whole and at least their minimum, texts are
 * set per language (zh-tw by default). Empties the caches of every serving process (content/changes.ts).
 */
export async function updateSystemSetting(key: string, value: string, locale: Locale = 'zh-tw'): Promise<void> {
  const rt = await runtime();
  const { db } = rt.database;
  const [row] = await db.select().from(systemSettings).limit(1);
  if (!row) throw new SettingError('The system settings are missing: start the portal once to create them.');
  let change: Partial<typeof systemSettings.$inferInsert>;
  if (key in NUMBER_SETTINGS) {
    const min = NUMBER_SETTINGS[key as keyof typeof NUMBER_SETTINGS];
    if (!/^\d{1,9}$/.test(value) || Number(value) < min)
      throw new SettingError(`${key} must be a whole number of at least ${min}`);
    change = { [key]: Number(value) };
  } else if ((TEXT_SETTINGS as readonly string[]).includes(key)) {
    if (!isLocale(locale)) throw new SettingError('The language must be zh-tw or en-us');
    const current = row[key as (typeof TEXT_SETTINGS)[number]];
    change = { [key]: { ...current, [locale]: value } };
  } else if ((PLAIN_SETTINGS as readonly string[]).includes(key)) {
    change = { [key]: value };
  } else {
    throw new SettingError(`Unknown setting ${key}`);
  }
  await changeContent((tx) =>
    tx
      .update(systemSettings)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(systemSettings.id, row.id)),
  );
}
