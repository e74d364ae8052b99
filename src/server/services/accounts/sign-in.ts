import { ErrorCode } from '../../../lib/error-codes';
import type { UserType } from '../../db/schema';
import { verifyCaptcha } from '../../auth/captcha';
import {
  assertLoginAllowed,
  clearPairFailures,
  loginSubject,
  recordCaptchaFailure,
  recordLoginFailure,
} from '../../auth/login-throttle';
import { burnPasswordCheck, verifyPassword } from '../../auth/passwords';
import { createSession } from '../../auth/sessions';
import { AppError } from '../../app-error';
import { getSystemSettings } from '../site/get-system-settings';
import { staffStanding } from '../staff/second-factor';
import { audit } from './audit';
import { findCredentials } from './account-store';

export interface SignInInput {
  userType: UserType;
  account: string;
  password: string;
  captchaId: string;
  captchaAnswer: string;
  remember: boolean;
  ip: string;
  userAgent: string;
}

export interface SignInResult {
  token: string;
  expiresAt: Date;
  remember: boolean;
  userType: UserType;
  accountId: number;
  mustChangePassword: boolean;
  /** An account holding a staff role: `verify` its second factor, or `enrol` one first (null for others). */
  secondFactor: 'verify' | 'enrol' | null;
}

/**
 * Signs an account in. The typed identifier (e-mail, national ID or business number) is resolved
 * to the account first, so every way of naming it counts together. Then: refused while this
 * address, or this account from this address, has failed too often (login-throttle.ts); the
 * captcha, at the level the account's and the address's recent failures call for (a wrong one
 * counts against the address); the password. Unknown accounts, accounts without a password yet and
 * wrong passwords look the same.
 */
export async function signIn(input: SignInInput): Promise<SignInResult> {
  const { loginBlockMinute } = await getSystemSettings('zh-tw');
  const found = await findCredentials(input.userType, input.account);
  const subject = loginSubject(input.userType, found?.id ?? null, input.account);
  const minLevel = await assertLoginAllowed(subject, input.ip, loginBlockMinute);
  try {
    await verifyCaptcha(input.captchaId, input.captchaAnswer, { minLevel });
  } catch (error) {
    const tooEasy = error instanceof AppError && (error.data as { captchaLevel?: number } | null)?.captchaLevel;
    if (!tooEasy) await recordCaptchaFailure(input.ip);
    throw error;
  }
  // An account without a password yet (an imported member) answers as a wrong password does, in
  // the same time: it is opened only through the mailed first-sign-in link.
  const ok = found?.passwordHash
    ? await verifyPassword(input.password, found.passwordHash)
    : await burnPasswordCheck(input.password);
  if (!found || !ok) {
    await recordLoginFailure(subject, input.ip, loginBlockMinute);
    await audit({ userType: input.userType, accountId: found?.id ?? null }, 'signInFailed', input.ip);
    throw new AppError(ErrorCode.DATA_CHECK, { fields: ['account', 'password'] }, { key: 'badCredentials' });
  }
  await clearPairFailures(subject, input.ip, loginBlockMinute);
  const session = await createSession({
    userType: input.userType,
    accountId: found.id,
    remember: input.remember,
    ip: input.ip,
    userAgent: input.userAgent,
  });
  await audit({ userType: input.userType, accountId: found.id }, 'signIn', input.ip, { remember: input.remember });
  const secondFactor = input.userType === 'individual' ? await staffStanding(found.id) : null;
  return {
    secondFactor,
    ...session,
    remember: input.remember,
    userType: input.userType,
    accountId: found.id,
    mustChangePassword: found.mustChangePassword,
  };
}
