/**
 * What every portal needs before a society is described (DESIGN.md §18): the system settings
 * with sensible defaults, the two languages and a web info row that names no society yet. Put in
 * place at every start, on both engines; each insert leaves an existing row alone, so it is
 * idempotent and safe when several processes start at once. `npm run society -- apply` (or the
 * demo seed) then gives the portal its society.
 */
import { sql } from 'drizzle-orm';
import { DEFAULT_BRAND_COLOR } from '../../lib/theme';
import type { Db } from './client';
import { membershipSettings, systemSettings, webInfo } from './schema';

const empty = { 'zh-tw': '', 'en-us': '' };

/** A portal not set up yet: a neutral name a visitor can read, and nothing else. */
export const BASE_WEB_INFO = {
  id: 1,
  name: { 'zh-tw': '會員服務網', 'en-us': 'Member portal' },
  shortName: { 'zh-tw': '會員服務網', 'en-us': 'Member portal' },
  seoContent: empty,
  color: DEFAULT_BRAND_COLOR,
  footerInfo: {
    address: empty,
    phone: '',
    fax: '',
    email: '',
    officeHours: empty,
    copyright: empty,
    links: [],
  },
};

export const BASE_SETTINGS = {
  id: 1,
  postServiceUrl: '',
  amsRemittanceInfo: empty,
  newebpayTradeLimit: 49999,
  webEmailValidMinute: 10,
  loginNotice: {
    'zh-tw': '個人會員可使用電子郵件或身分證字號登入，機構請使用電子郵件或統一編號登入。',
    'en-us':
      'Individuals sign in with their e-mail or national ID number, organisations with their e-mail or business number.',
  },
  loginBlockMinute: 15,
};

export const BASE_LANGUAGES = [
  { langCode: 'zh', countryCode: 'TW', label: '繁體中文', sort: 1 },
  { langCode: 'en', countryCode: 'US', label: 'English', sort: 2 },
];

export async function ensureBaseData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(webInfo).values(BASE_WEB_INFO).onConflictDoNothing();
    await tx.insert(systemSettings).values(BASE_SETTINGS).onConflictDoNothing();
    await tx.insert(membershipSettings).values({ id: 1 }).onConflictDoNothing();
    // Languages have no natural key: they are put in place once, when there are none.
    await tx.execute(sql`
      INSERT INTO languages (lang_code, country_code, label, sort)
      SELECT v.lang_code, v.country_code, v.label, v.sort
        FROM (VALUES ${sql.join(
          BASE_LANGUAGES.map((l) => sql`(${l.langCode}, ${l.countryCode}, ${l.label}, ${l.sort}::int)`),
          sql`, `,
        )}) AS v(lang_code, country_code, label, sort)
       WHERE NOT EXISTS (SELECT 1 FROM languages)`);
  });
}

/** True while no society has been applied and nobody has an account: the demo seed may fill it. */
export async function isEmpty(db: Db): Promise<boolean> {
  const result = await db.execute<{ empty: boolean }>(sql`
    SELECT NOT EXISTS (SELECT 1 FROM web_info WHERE set_up_at IS NOT NULL)
       AND NOT EXISTS (SELECT 1 FROM accounts)
       AND NOT EXISTS (SELECT 1 FROM organisations) AS empty`);
  return result.rows[0]?.empty === true;
}

/** Whether a society file has been applied (the demo seed applies the demo's). */
export async function isSetUp(db: Db): Promise<boolean> {
  const result = await db.execute<{ set_up: boolean }>(
    sql`SELECT EXISTS (SELECT 1 FROM web_info WHERE set_up_at IS NOT NULL) AS set_up`,
  );
  return result.rows[0]?.set_up === true;
}
