import { asc, eq } from 'drizzle-orm';
import { languages } from '../../db/schema';
import { runtime } from '../../runtime';

export interface Language {
  langCode: string;
  countryCode: string;
  label: string;
}

/** The languages the site offers, in display order. */
export async function listLanguages(): Promise<Language[]> {
  const rt = await runtime();
  return rt.cache.get('languages', () =>
    rt.database.db
      .select({ langCode: languages.langCode, countryCode: languages.countryCode, label: languages.label })
      .from(languages)
      .where(eq(languages.enabled, true))
      .orderBy(asc(languages.sort), asc(languages.id)),
  );
}
