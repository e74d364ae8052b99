import { pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import { systemSettings } from '../../db/schema';
import { runtime } from '../../runtime';

export interface SystemSettings {
  postServiceUrl: string;
  amsRemittanceInfo: string;
  newebpayTradeLimit: number;
  webEmailValidMinute: number;
  loginNotice: string;
  loginBlockMinute: number;
}

/** Limits and notices the whole product reads, in the reader's language. */
export async function getSystemSettings(locale: Locale): Promise<SystemSettings> {
  const rt = await runtime();
  const row = await rt.cache.get('system-settings', async () => {
    const [found] = await rt.database.db.select().from(systemSettings).limit(1);
    if (!found) throw new Error('System settings are missing: the database was not seeded');
    return found;
  });
  return {
    postServiceUrl: row.postServiceUrl,
    amsRemittanceInfo: pickText(row.amsRemittanceInfo, locale),
    newebpayTradeLimit: row.newebpayTradeLimit,
    webEmailValidMinute: row.webEmailValidMinute,
    loginNotice: pickText(row.loginNotice, locale),
    loginBlockMinute: row.loginBlockMinute,
  };
}
