import { ErrorCode } from '../../../lib/error-codes';
import type { Locale } from '../../../lib/locales';
import { localePath } from '../../../lib/paths';
import type { EmailPurpose, UserType } from '../../db/schema';
import { verifyCaptcha } from '../../auth/captcha';
import { AppError } from '../../http/app-error';
import { passwordReset, verificationCode } from '../../integrations/mail/templates';
import { runtime } from '../../runtime';
import { getSystemSettings } from '../site/get-system-settings';
import { getWebInfo } from '../site/get-web-info';
import { isEmailTaken } from './account-store';
import { createLinkChallenge, grantToken, issueCode } from './email-challenges';

export interface SendEmailInput {
  email: string;
  purpose: EmailPurpose;
  userType: UserType;
  captchaId: string;
  captchaAnswer: string;
  locale: Locale;
  /** The site's own origin, for the link in a reset mail. */
  origin: string;
}

/**
 * POST amsw0102/email. Sign-up: refuses an address already registered (-13), then mails a
 * six-digit code valid `webEmailValidMinute`. Reset: mails a single-use link when the address
 * has an account, and answers the same either way, so the form cannot be used to probe addresses.
 */
export async function sendEmailCode(input: SendEmailInput): Promise<{ validMinutes: number }> {
  await verifyCaptcha(input.captchaId, input.captchaAnswer);
  const rt = await runtime();
  const { webEmailValidMinute: validMinutes } = await getSystemSettings(input.locale);
  const { name: siteName } = await getWebInfo(input.locale);
  const taken = await isEmailTaken(input.userType, input.email);

  if (input.purpose === 'reset') {
    if (!taken) return { validMinutes };
    const challengeId = await createLinkChallenge(input.email, 'reset', input.userType);
    const { emailToken } = await grantToken(challengeId, validMinutes);
    const query = new URLSearchParams({ email: input.email, token: emailToken, type: input.userType });
    const url = `${input.origin}${localePath('/password/reset', input.locale)}?${query}`;
    const mail = passwordReset({ siteName, url, validMinutes, locale: input.locale });
    await rt.mailer.send({ to: input.email, ...mail, locale: input.locale });
    return { validMinutes };
  }

  if (input.purpose === 'signup' && taken) {
    throw new AppError(ErrorCode.DUPLICATE, { fields: ['email'] }, { key: 'emailTaken' });
  }
  const code = await issueCode(input.email, input.purpose, input.userType, validMinutes);
  const mail = verificationCode({ siteName, code, validMinutes, locale: input.locale });
  await rt.mailer.send({ to: input.email, ...mail, locale: input.locale });
  return { validMinutes };
}
