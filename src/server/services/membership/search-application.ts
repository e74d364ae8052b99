import { and, eq, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../lib/error-codes';
import type { Locale } from '../../../lib/locales';
import { verifyCaptcha } from '../../auth/captcha';
import { consumeLimit, type LimitRule } from '../../auth/rate-limits';
import { accounts, applications } from '../../db/schema';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { applicationTitle } from './applications';
import { getMemberClass } from './rules';

/** Look-ups an address may make: enough for a person, too few to walk the numbers. */
export const SEARCHES_PER_CLIENT: LimitRule = { name: 'applicationSearch', points: 20, durationSeconds: 60 * 60 };

/**
 * An applicant who cannot sign in looks up an application by its number and the e-mail address it
 * was made with (/signinSearch): only its kind, state and last change. A wrong address answers
 * exactly as an unknown number does (-6); the captcha and a limit per address come first.
 */
export async function searchApplication(
  input: { number: string; email: string; captchaId: string; captchaAnswer: string },
  ip: string,
  locale: Locale,
) {
  await consumeLimit(SEARCHES_PER_CLIENT, ip);
  await verifyCaptcha(input.captchaId, input.captchaAnswer);
  const { db } = (await runtime()).database;
  const [app] = await db
    .select({ app: applications })
    .from(applications)
    .innerJoin(accounts, eq(accounts.id, applications.accountId))
    .where(and(eq(applications.number, input.number), eq(sql`lower(${accounts.email})`, input.email)));
  if (!app) throw new AppError(ErrorCode.NO_DATA, null, { key: 'applicationNotFound' });
  const cls = app.app.classId === null ? null : await getMemberClass(app.app.classId);
  return {
    number: app.app.number,
    title: applicationTitle(app.app, cls, locale),
    state: app.app.state,
    updatedAt: app.app.updatedAt.toISOString(),
  };
}
