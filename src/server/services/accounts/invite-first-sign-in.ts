/**
 * `npm run import -- invite [--yes]`: mails the first-sign-in link to every account that has no
 * password yet (members brought over by `npm run import -- members`) and no open link. The link is
 * the password reset's (a `reset` challenge: single use, voided by a newer link, `/password/reset`
 * sets the password), worded as a first sign-in, and lives `INVITE_VALID_DAYS`: an invitation waits
 * in a mailbox for days, where a link asked for on the site lives `webEmailValidMinute`. Mails go
 * through the outbox in the transaction that makes their links; the server's mail worker sends them
 * at its own pace. Each is in the member's language, or in both (Chinese first) when the import
 * told none (`localeUnknown`).
 */
import { and, asc, eq, gt, isNull, notExists, sql } from 'drizzle-orm';
import { isLocale, type Locale } from '../../../lib/locales';
import { newToken, tokenHash } from '../../auth/secrets';
import { accounts, emailChallenges } from '../../db/schema';
import { enqueueMails } from '../../integrations/mail/outbox';
import { bothLanguages, firstSignIn } from '../../integrations/mail/templates';
import { runtime } from '../../runtime';
import { getWebInfo } from '../site/get-web-info';
import { mailOrigin } from '../site/site-origin';
import { resetLink } from './send-email-code';
import { voidResetChallenges } from './email-challenges';
import { type AuditActor, recordAudit, SYSTEM } from './audit';
import type { Executor } from '../../db/client';
import { AppError } from '../../app-error';
import { ErrorCode } from '../../../lib/error-codes';

/**
 * Whether some account still has no password (members brought over from an old system who have not
 * signed in yet): the sign-in page then tells them how to begin. Kept a minute in the memo cache.
 */
export async function awaitingFirstSignIn(): Promise<boolean> {
  const rt = await runtime();
  return rt.cache.get(
    'awaiting-first-sign-in',
    async () => {
      const result = await rt.database.db.execute<{ waiting: boolean }>(
        sql`SELECT EXISTS (SELECT 1 FROM accounts WHERE password_hash IS NULL AND closed_at IS NULL) AS waiting`,
      );
      return result.rows[0]?.waiting === true;
    },
    60_000,
  );
}

/** How long an invitation's link lives. */
export const INVITE_VALID_DAYS = 14;

const BATCH = 500;

export interface InviteReport {
  /** Accounts without a password and without an open link: invited (or, in a dry run, to invite). */
  invited: number;
  /** Accounts without a password whose link (an invitation or one they asked for) is still open. */
  waiting: number;
  applied: boolean;
}

/** Counts (dry run) or sends the invitations. */
export async function inviteFirstSignIn(options: {
  apply: boolean;
  by: string;
  onProgress?: (sent: number) => void;
}): Promise<InviteReport> {
  const { db } = (await runtime()).database;
  const openLink = db
    .select({ id: emailChallenges.id })
    .from(emailChallenges)
    .where(
      and(
        eq(emailChallenges.email, accounts.email),
        eq(emailChallenges.purpose, 'reset'),
        eq(emailChallenges.userType, 'individual'),
        isNull(emailChallenges.usedAt),
        gt(emailChallenges.tokenExpiresAt, sql`now()`),
      ),
    );
  const [counts] = await db
    .select({
      invite: sql<number>`count(*) FILTER (WHERE NOT EXISTS (${openLink}))::int`,
      waiting: sql<number>`count(*) FILTER (WHERE EXISTS (${openLink}))::int`,
    })
    .from(accounts)
    .where(and(isNull(accounts.passwordHash), isNull(accounts.closedAt)));
  const report = { invited: counts?.invite ?? 0, waiting: counts?.waiting ?? 0, applied: options.apply };
  if (!options.apply || report.invited === 0) return report;

  const mails = await invitationMails();
  let sent = 0;
  await db.transaction(async (tx) => {
    let after = 0;
    for (;;) {
      const batch = await tx
        .select({
          id: accounts.id,
          email: accounts.email,
          locale: accounts.preferredLocale,
          localeUnknown: accounts.localeUnknown,
        })
        .from(accounts)
        .where(
          and(isNull(accounts.passwordHash), isNull(accounts.closedAt), gt(accounts.id, after), notExists(openLink)),
        )
        .orderBy(asc(accounts.id))
        .limit(BATCH);
      if (batch.length === 0) break;
      after = batch.at(-1)!.id;
      await mails(tx, batch, { actor: SYSTEM, by: options.by });
      sent += batch.length;
      options.onProgress?.(sent);
    }
  });
  return { ...report, invited: sent };
}

interface Invitee {
  id: number;
  email: string;
  locale: string;
  /** No language known (an import that told none): the invitation is in both languages. */
  localeUnknown: boolean;
}

/**
 * Prepares the invitations (the site's origin and names read outside the transaction: on the
 * embedded database a transaction holds the only connection). Answers the step that, inside a
 * transaction, makes each invitee's link, puts the mail in the outbox and writes the audit log.
 */
async function invitationMails(): Promise<
  (tx: Executor, invitees: Invitee[], by: { actor: AuditActor; by: string; ip?: string }) => Promise<void>
> {
  const origin = await mailOrigin();
  const siteNames = new Map<Locale, string>();
  for (const locale of ['zh-tw', 'en-us'] as const) siteNames.set(locale, (await getWebInfo(locale)).name);
  const validMinutes = INVITE_VALID_DAYS * 24 * 60;
  return async (tx, invitees, { actor, by, ip }) => {
    const expiresAt = new Date(Date.now() + validMinutes * 60_000);
    const links = invitees.map((account) => ({ account, token: newToken() }));
    await tx.insert(emailChallenges).values(
      links.map(({ account, token }) => ({
        email: account.email,
        purpose: 'reset' as const,
        userType: 'individual' as const,
        tokenHash: tokenHash(token),
        tokenExpiresAt: expiresAt,
      })),
    );
    await enqueueMails(
      tx,
      links.map(({ account, token }) => {
        const mailIn = (locale: Locale) =>
          firstSignIn({
            siteName: siteNames.get(locale)!,
            url: resetLink(origin, locale, account.email, token, 'individual', true),
            validMinutes,
            locale,
          });
        if (account.localeUnknown)
          return { to: account.email, ...bothLanguages(mailIn('zh-tw'), mailIn('en-us')), locale: 'zh-tw' as const };
        const locale: Locale = isLocale(account.locale) ? account.locale : 'zh-tw';
        return { to: account.email, ...mailIn(locale), locale };
      }),
      { kind: 'firstSignIn', eraseAfter: expiresAt },
    );
    await recordAudit(
      tx,
      invitees.map((account) => ({
        actor,
        action: 'import.invite',
        ...(ip === undefined ? {} : { ip }),
        target: { type: 'account', id: account.id },
        detail: { by, accountId: account.id, validDays: INVITE_VALID_DAYS },
      })),
    );
  };
}

/**
 * The office sends one account its first-sign-in link (again): for a member brought over from an
 * old system who lost or never got the mail. An earlier open link stops working (the newest reset
 * challenge is the one that counts). An account that has a password is refused: its owner resets
 * it from the sign-in page.
 */
export async function inviteOne(accountId: number, staff: AuditActor, by: string, ip: string): Promise<void> {
  const { db } = (await runtime()).database;
  const mails = await invitationMails();
  await db.transaction(async (tx) => {
    const [account] = await tx
      .select({
        id: accounts.id,
        email: accounts.email,
        locale: accounts.preferredLocale,
        localeUnknown: accounts.localeUnknown,
        passwordHash: accounts.passwordHash,
        closedAt: accounts.closedAt,
      })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .for('update');
    if (!account) throw new AppError(ErrorCode.NO_DATA);
    if (account.closedAt !== null) throw new AppError(ErrorCode.DATA_CHECK, null, { key: 'accountClosed' });
    if (account.passwordHash !== null) throw new AppError(ErrorCode.DATA_CHECK, null, { key: 'hasPassword' });
    await voidResetChallenges(tx, account.email, 'individual');
    await mails(tx, [account], { actor: staff, by, ip });
  });
}
