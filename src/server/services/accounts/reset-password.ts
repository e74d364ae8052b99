import { ErrorCode } from '../../../lib/error-codes';
import type { UserType } from '../../db/schema';
import { clearAccountFailures, loginSubject } from '../../auth/login-throttle';
import { hashPassword } from '../../auth/passwords';
import { revokeOtherSessions } from '../../auth/sessions';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { assertPasswordPolicy } from './assert-password-policy';
import { audit } from './audit';
import { findCredentials, storePasswordHash } from './account-store';
import { consumeEmailToken, readEmailToken, voidResetChallenges } from './email-challenges';
import { passwordChangedNotice } from './notify-password-changed';

/**
 * resetCid: sets a new password with the single-use token from the reset mail (for an account
 * without one yet, an imported member, the first-sign-in mail: the same link sets their first). Every other reset
 * link of the account stops working and the owner's notice goes to the outbox, in the same
 * transaction; every session of the account ends and its failed sign-ins are forgotten.
 */
export async function resetPassword(userType: UserType, emailToken: string | null, newPassword: string, ip: string) {
  const verified = await readEmailToken(emailToken, 'reset', userType);
  const account = await findCredentials(userType, verified.email);
  if (!account) throw new AppError(ErrorCode.TOKEN_INVALID, null, { key: 'emailTokenInvalid' });
  await assertPasswordPolicy(newPassword, { email: account.email, names: account.names }, 'newPassword');
  const passwordHash = await hashPassword(newPassword);
  const notify = await passwordChangedNotice(account, userType);
  const { db } = (await runtime()).database;
  await db.transaction(async (tx) => {
    await consumeEmailToken(verified.challengeId, tx);
    await storePasswordHash(userType, account.id, passwordHash, tx, true);
    await voidResetChallenges(tx, account.email, userType);
    await notify(tx);
  });
  await revokeOtherSessions(userType, account.id);
  // The owner proved the mailbox: the failures others caused no longer slow them down.
  await clearAccountFailures(loginSubject(userType, account.id, ''));
  await audit({ userType, accountId: account.id }, 'passwordReset', ip);
}
