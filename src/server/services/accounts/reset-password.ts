import { ErrorCode } from '../../../lib/error-codes';
import { checkPassword } from '../../../lib/validators/password';
import type { UserType } from '../../db/schema';
import { hashPassword } from '../../auth/passwords';
import { revokeOtherSessions } from '../../auth/sessions';
import { AppError } from '../../http/app-error';
import { runtime } from '../../runtime';
import { audit } from './audit';
import { findCredentials, storePasswordHash } from './account-store';
import { consumeEmailToken, readEmailToken, voidResetChallenges } from './email-challenges';
import { passwordChangedNotice } from './notify-password-changed';

/**
 * resetCid: sets a new password with the single-use token from the reset mail. Every other reset
 * link of the account stops working and the owner's notice goes to the outbox, in the same
 * transaction; every session of the account ends.
 */
export async function resetPassword(userType: UserType, emailToken: string | null, newPassword: string, ip: string) {
  const verified = await readEmailToken(emailToken, 'reset', userType);
  const account = await findCredentials(userType, verified.email);
  if (!account) throw new AppError(ErrorCode.TOKEN_INVALID, null, { key: 'emailTokenInvalid' });
  const policy = checkPassword(newPassword, { email: account.email });
  if (!policy.ok) throw new AppError(ErrorCode.DATA_CHECK, { fields: ['newPassword'], rules: policy.failed });
  const passwordHash = await hashPassword(newPassword);
  const notify = await passwordChangedNotice(account, userType);
  const { db } = (await runtime()).database;
  await db.transaction(async (tx) => {
    await consumeEmailToken(verified.challengeId, tx);
    await storePasswordHash(userType, account.id, passwordHash, tx);
    await voidResetChallenges(tx, account.email, userType);
    await notify(tx);
  });
  await revokeOtherSessions(userType, account.id);
  await audit({ userType, accountId: account.id }, 'passwordReset', ip);
}
