import { asc } from 'drizzle-orm';
import { type CreditClass, type CreditTopic, pointsOf, topicName } from '../../../lib/credits/rules';
import { ErrorCode } from '../../../lib/error-codes';
import { pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import { creditRuleSetSchema } from '../../../lib/schemas/credits';
import { verifyPreviewToken } from '../../auth/preview-tokens';
import { certificationKinds } from '../../db/schema';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';

export type CertificationKind = typeof certificationKinds.$inferSelect;

/** How a course session's credits read under its certification kind (when known), in the reader's language. */
export function sessionCreditsView(kind: CertificationKind | undefined, locale: Locale) {
  const categoryName = new Map(kind?.rules.categories.map((c) => [c.key, pickText(c.name, locale)]) ?? []);
  return (s: { category: string; creditClass: CreditClass; topics: CreditTopic[]; points: number }) => ({
    categoryName: categoryName.get(s.category) ?? s.category,
    creditClass: s.creditClass,
    topics: s.topics,
    topicNames: kind ? s.topics.map((topic) => topicName(kind.rules, topic, locale)) : s.topics,
    points: pointsOf(s.points),
  });
}

/**
 * Every certification kind (published or not), in the society's order, from the memo cache. Each
 * rule set is checked as it is read: a broken one fails loudly rather than counting wrongly.
 */
export async function listCertificationKinds(): Promise<CertificationKind[]> {
  const rt = await runtime();
  return rt.cache.get('certification-kinds', async () => {
    const rows = await rt.database.db
      .select()
      .from(certificationKinds)
      .orderBy(asc(certificationKinds.sort), asc(certificationKinds.id));
    return rows.map((row) => {
      const rules = creditRuleSetSchema.safeParse(row.rules);
      if (!rules.success) throw new Error(`certification kind ${row.code} has broken rules: ${rules.error.message}`);
      return { ...row, rules: rules.data };
    });
  });
}

/** Whether the public (and members) see a kind: published, and not in the future. */
export function isPublished(kind: Pick<CertificationKind, 'publishedAt'>, now = new Date()): boolean {
  return kind.publishedAt !== null && kind.publishedAt <= now;
}

/** A published kind by id, or null. */
export async function getPublishedKind(kindId: number): Promise<CertificationKind | null> {
  const kind = (await listCertificationKinds()).find((k) => k.id === kindId);
  return kind && isPublished(kind) ? kind : null;
}

/** The published kinds with their names in the reader's language (links to each member's standing). */
export async function listPublishedKinds(locale: Locale): Promise<{ id: number; name: string; issuer: string }[]> {
  const now = new Date();
  return (await listCertificationKinds())
    .filter((kind) => isPublished(kind, now))
    .map((kind) => ({ id: kind.id, name: pickText(kind.name, locale), issuer: pickText(kind.issuer, locale) }));
}

/**
 * The published kinds that apply to an account, for its centre: a certification applies to the
 * people who hold one of its certificates or have credits on its record (`certificationKindIds`,
 * read with the session). A physician's licence is not offered to a student member or a web user
 * who has neither; everyone still finds every certification on the public credits overview.
 */
export async function listOwnCertifications(
  account: { certificationKindIds: readonly number[] },
  locale: Locale,
): Promise<{ id: number; name: string; issuer: string }[]> {
  const applies = new Set(account.certificationKindIds);
  return (await listPublishedKinds(locale)).filter((kind) => applies.has(kind.id));
}

/**
 * A certification kind, published or not, for the holder of its signed preview link (`credit`);
 * a missing, wrong or expired token answers -6 as an unknown kind does.
 */
export async function previewCertification(
  kindId: number,
  token: string | undefined,
): Promise<{ kind: CertificationKind; published: boolean }> {
  const rt = await runtime();
  if (!verifyPreviewToken(rt.secrets.signingKey, token, 'credit', kindId)) throw new AppError(ErrorCode.NO_DATA);
  const kind = (await listCertificationKinds()).find((k) => k.id === kindId);
  if (!kind) throw new AppError(ErrorCode.NO_DATA);
  return { kind, published: isPublished(kind) };
}
