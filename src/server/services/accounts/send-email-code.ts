import { ErrorCode } from '../../../lib/error-codes';
import type { Locale } from '../../../lib/locales';
import { localePath } from '../../../lib/paths';
import type { EmailPurpose, UserType } from '../../db/schema';
import { verifyCaptcha } from '../../auth/captcha';
import { consumeLimit } from '../../auth/rate-limits';
import { AppError } from '../../http/app-error';
import { enqueueMail } from '../../integrations/mail/outbox';
import { passwordReset, verificationCode } from '../../integrations/mail/templates';
import { runtime } from '../../runtime';
import { getSystemSettings } from '../site/get-system-settings';
import { getWebInfo } from '../site/get-web-info';
import { mailOrigin } from '../site/site-origin';
import { isEmailTaken } from './account-store';
import { createLinkChallenge, grantToken, issueCode, voidResetChallenges } from './email-challenges';
import { MAIL_PER_CLIENT, MAIL_PER_RECIPIENT } from './visitor-limits';

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
 * POST amsw0102/email. Sign-up: refuses an address already registered (-13), then mails a
 * six-digit code valid `webEmailValidMinute`. Reset: mails a single-use link when the address
 * has an account, and answers the same either way, so the form cannot be used to probe addresses.
 * Both are limited per recipient and per client address (-11), beside the minute between codes.
 * Mails go to the outbox in the transaction that creates their challenge, and are delivered in
 * the background; links are built on the configured origin only (`mailOrigin`).
 */
export async function sendEmailCode(input: SendEmailInput): Promise<{ validMinutes: number }> {
  await verifyCaptcha(input.captchaId, input.captchaAnswer);
  await consumeLimit(MAIL_PER_CLIENT, input.ip);
  await consumeLimit(MAIL_PER_RECIPIENT, input.email);
  const { db } = (await runtime()).database;
  const { webEmailValidMinute: validMinutes } = await getSystemSettings(input.locale);
  const { name: siteName } = await getWebInfo(input.locale);
  const origin = await mailOrigin();
  const taken = await isEmailTaken(input.userType, input.email);

  if (input.purpose === 'reset') {
    // The same work whether or not the address has an account, up to the mail itself, which is
    // only written to the outbox: the answer takes the same time either way. A challenge for an
    // address without an account leads nowhere (resetCid finds no account for it).
    await db.transaction(async (tx) => {
      const challengeId = await createLinkChallenge(input.email, 'reset', input.userType, tx);
      await voidResetChallenges(tx, input.email, input.userType, challengeId);
      const { emailToken, expiresAt } = await grantToken(challengeId, validMinutes, tx);
      const query = new URLSearchParams({ email: input.email, token: emailToken, type: input.userType });
      const url = `${origin}${localePath('/password/reset', input.locale)}?${query}`;
      const mail = passwordReset({ siteName, url, validMinutes, locale: input.locale });
      const message = { to: input.email, ...mail, locale: input.locale };
      if (taken) await enqueueMail(tx, message, { kind: 'passwordReset', eraseAfter: new Date(expiresAt) });
    });
    return { validMinutes };
  }

  if (input.purpose === 'signup' && taken) {
    throw new AppError(ErrorCode.DUPLICATE, { fields: ['email'] }, { key: 'emailTaken' });
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
