import type { Locale } from '../../../lib/locales';
import { localePath } from '../../../lib/paths';
import type { EmailPurpose, UserType } from '../../db/schema';
import { verifyCaptcha } from '../../auth/captcha';
import { consumeLimit } from '../../auth/rate-limits';
import { enqueueMail } from '../../integrations/mail/outbox';
import { accountExists, firstSignIn, passwordReset, verificationCode } from '../../integrations/mail/templates';
import { runtime } from '../../runtime';
import { getSystemSettings } from '../site/get-system-settings';
import { getWebInfo } from '../site/get-web-info';
import { mailOrigin } from '../site/site-origin';
import { registeredAddress } from './account-store';
import { createLinkChallenge, grantToken, issueCode, voidResetChallenges } from './email-challenges';
import { MAIL_PER_CLIENT, MAIL_PER_RECIPIENT } from './visitor-limits';

/**
 * The address of a mailed reset link (`/password/reset`); `first` words the page as setting the
 * first password (an account brought over from an old system).
 */
export function resetLink(
  origin: string,
  locale: Locale,
  email: string,
  token: string,
  userType: UserType,
  first: boolean,
): string {
  const query = new URLSearchParams({ email, token, type: userType, ...(first ? { first: '1' } : {}) });
  return `${origin}${localePath('/password/reset', locale)}?${query}`;
}

export interface SendEmailInput {
  email: string;
  purpose: EmailPurpose;
  userType: UserType;
  captchaId: string;
  captchaAnswer: string;
  locale: Locale;
  /** The caller's address, for the per-client limit. */
  ip: string;
}

/**
 * POST amsw0102/email. Sign-up: mails a six-digit code valid `webEmailValidMinute`; an address
 * that already has an account of that kind is answered exactly the same (the same work, code,
 * answer and limits), and its owner is mailed instead that they have an account, with a
 * single-use reset link, in the account's language. Reset: mails a single-use link when the
 * address has an account, and answers the same either way. So neither form can be used to probe
 * addresses. Both are limited per recipient and per client address (-11), beside the minute
 * between codes. Mails go to the outbox in the transaction that creates their challenge, and are
 * delivered in the background; links are built on the configured origin only (`mailOrigin`).
 */
export async function sendEmailCode(input: SendEmailInput): Promise<{ validMinutes: number }> {
  await verifyCaptcha(input.captchaId, input.captchaAnswer);
  await consumeLimit(MAIL_PER_CLIENT, input.ip);
  await consumeLimit(MAIL_PER_RECIPIENT, input.email);
  const { db } = (await runtime()).database;
  const { webEmailValidMinute: validMinutes } = await getSystemSettings(input.locale);
  const { name: siteName } = await getWebInfo(input.locale);
  const origin = await mailOrigin();
  const registered = await registeredAddress(input.userType, input.email);
  const taken = registered !== null;

  if (input.purpose === 'reset') {
    // The same work whether or not the address has an account, up to the mail itself, which is
    // only written to the outbox: the answer takes the same time either way. A challenge for an
    // address without an account leads nowhere (resetCid finds no account for it). An account
    // without a password yet (a member brought over from an old system) gets the same link,
    // worded as its first sign-in.
    const first = registered?.hasPassword === false;
    await db.transaction(async (tx) => {
      const challengeId = await createLinkChallenge(input.email, 'reset', input.userType, tx);
      await voidResetChallenges(tx, input.email, input.userType, challengeId);
      const { emailToken, expiresAt } = await grantToken(challengeId, validMinutes, tx);
      const url = resetLink(origin, input.locale, input.email, emailToken, input.userType, first);
      const mail = (first ? firstSignIn : passwordReset)({ siteName, url, validMinutes, locale: input.locale });
      const message = { to: input.email, ...mail, locale: input.locale };
      const kind = first ? 'firstSignIn' : 'passwordReset';
      // A closed account is mailed no link (resetCid would find no account for it either).
      if (taken && !registered.closed) await enqueueMail(tx, message, { kind, eraseAfter: new Date(expiresAt) });
    });
    return { validMinutes };
  }

  if (input.purpose === 'signup') {
    // Registered or not, the same work up to the one mail written: a code (refused within a
    // minute of the last, as for any address), and a reset link made ready. A new address is
    // mailed the code; the owner of a registered one that they have an account, with the link,
    // in their own language. The code of a registered address is never mailed, so it leads
    // nowhere (a wrong code is wrong in the same way for every address). An account brought over
    // from an old system, with no password yet, is mailed its first-sign-in link instead.
    const locale = registered?.preferredLocale ?? input.locale;
    const first = registered?.hasPassword === false;
    const ownerSite = locale === input.locale ? siteName : (await getWebInfo(locale)).name;
    await db.transaction(async (tx) => {
      const code = await issueCode(input.email, 'signup', input.userType, validMinutes, tx);
      const challengeId = await createLinkChallenge(input.email, 'reset', input.userType, tx);
      await voidResetChallenges(tx, input.email, input.userType, challengeId);
      const { emailToken, expiresAt } = await grantToken(challengeId, validMinutes, tx);
      const url = resetLink(origin, locale, input.email, emailToken, input.userType, first);
      const existing = first
        ? firstSignIn({ siteName: ownerSite, url, validMinutes, locale })
        : accountExists({ siteName: ownerSite, url, validMinutes, locale, userType: input.userType });
      const fresh = verificationCode({ siteName, code, validMinutes, locale: input.locale });
      await enqueueMail(
        tx,
        taken ? { to: input.email, ...existing, locale } : { to: input.email, ...fresh, locale: input.locale },
        {
          kind: taken ? 'signupExisting' : 'signupCode',
          eraseAfter: taken ? new Date(expiresAt) : new Date(Date.now() + validMinutes * 60_000),
        },
      );
    });
    return { validMinutes };
  }

  await db.transaction(async (tx) => {
    const code = await issueCode(input.email, input.purpose, input.userType, validMinutes, tx);
    const mail = verificationCode({ siteName, code, validMinutes, locale: input.locale });
    await enqueueMail(
      tx,
      { to: input.email, ...mail, locale: input.locale },
      { kind: `${input.purpose}Code`, eraseAfter: new Date(Date.now() + validMinutes * 60_000) },
    );
  });
  return { validMinutes };
}
