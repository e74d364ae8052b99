import { ErrorCode } from '../../../lib/error-codes';
import type { UserType } from '../../db/schema';
import { verifyCaptcha } from '../../auth/captcha';
import { assertNotBlocked, clearFailures, recordFailure } from '../../auth/login-throttle';
import { burnPasswordCheck, verifyPassword } from '../../auth/passwords';
import { createSession } from '../../auth/sessions';
import { AppError } from '../../http/app-error';
import { getSystemSettings } from '../site/get-system-settings';
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
}

/**
 * Signs an account in: captcha first, then the block check (per account and per address, for
 * loginBlockMinute), then the password. Unknown accounts and wrong passwords look the same.
 */
export async function signIn(input: SignInInput): Promise<SignInResult> {
  await verifyCaptcha(input.captchaId, input.captchaAnswer);
  const { loginBlockMinute } = await getSystemSettings('zh-tw');
  const subject = input.account.trim().toLowerCase();
  await assertNotBlocked(input.userType, subject, input.ip, loginBlockMinute);
  const found = await findCredentials(input.userType, input.account);
  const ok = found ? await verifyPassword(input.password, found.passwordHash) : await burnPasswordCheck(input.password);
  if (!found || !ok) {
    await recordFailure(input.userType, subject, input.ip);
    await audit({ userType: input.userType, accountId: found?.id ?? null }, 'signInFailed', input.ip);
    throw new AppError(ErrorCode.DATA_CHECK, { fields: ['account', 'password'] }, { key: 'badCredentials' });
  }
  await clearFailures(input.userType, subject);
  const session = await createSession({
    userType: input.userType,
    accountId: found.id,
    remember: input.remember,
    ip: input.ip,
    userAgent: input.userAgent,
  });
  await audit({ userType: input.userType, accountId: found.id }, 'signIn', input.ip, { remember: input.remember });
  return {
    ...session,
    remember: input.remember,
    userType: input.userType,
    accountId: found.id,
    mustChangePassword: found.mustChangePassword,
  };
}
