import type { LimitRule } from '../../auth/rate-limits';

/**
 * Limits on what an anonymous visitor can repeat in the account flows (auth/rate-limits.ts), each
 * answered with -11 and the seconds to wait. The captcha alone does not stop a patient person.
 */

/** Mails a visitor can trigger (sign-up codes and reset links together) to one address. */
export const MAIL_PER_RECIPIENT: LimitRule = { name: 'mailTo', points: 5, durationSeconds: 60 * 60 };
/** Mails a visitor can trigger from one client address, to any addresses. */
export const MAIL_PER_CLIENT: LimitRule = { name: 'mailFrom', points: 20, durationSeconds: 60 * 60 };
/** Availability checks (checkEmail, checkPersonId) one sign-up proof may make. */
export const CHECKS_PER_TOKEN: LimitRule = { name: 'checkToken', points: 10, durationSeconds: 60 * 60 };
/** Availability checks from one client address. */
export const CHECKS_PER_CLIENT: LimitRule = { name: 'checkFrom', points: 30, durationSeconds: 60 * 60 };
/**
 * Captcha challenges one client address may fetch: generous (a busy office behind one address,
 * forms renewing their challenge), but each one is a row, so not without end.
 */
export const CAPTCHAS_PER_CLIENT: LimitRule = { name: 'captchaFrom', points: 1000, durationSeconds: 10 * 60 };
