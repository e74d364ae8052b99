import { ErrorCode } from '../../../lib/error-codes';
import type { Actor } from '../../auth/sessions';
import { revokeOtherSessions } from '../../auth/sessions';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../auth/passwords';
import { AppError } from '../../app-error';
import { assertPasswordPolicy } from './assert-password-policy';
import { runtime } from '../../runtime';
import { audit } from './audit';
import { findCredentialsById, storePasswordHash } from './account-store';
import { voidResetChallenges } from './email-challenges';
import { passwordChangedNotice } from './notify-password-changed';

/**
 * Changes the signed-in account's password (editCid): the current password must match, the new
 * one must meet the policy and differ. Open reset links of the account stop working and the
 * owner's notice goes to the outbox, in the same transaction; other sessions end, this one stays.
 */
export async function changePassword(actor: Actor, currentPassword: string, newPassword: string, ip: string) {
  const account = await findCredentialsById(actor.userType, actor.accountId);
  if (!account) throw new AppError(ErrorCode.TOKEN_INVALID);
  const matches = account.passwordHash
    ? await verifyPassword(currentPassword, account.passwordHash)
    : await burnPasswordCheck(currentPassword);
  if (!matches) {
    throw new AppError(ErrorCode.DATA_CHECK, { fields: ['currentPassword'] }, { key: 'currentPasswordWrong' });
  }
  if (currentPassword === newPassword) {
    throw new AppError(ErrorCode.DATA_CHECK, { fields: ['newPassword'] }, { key: 'samePassword' });
  }
  await assertPasswordPolicy(newPassword, { email: account.email, names: account.names }, 'newPassword');
  const passwordHash = await hashPassword(newPassword);
  const notify = await passwordChangedNotice(account, actor.userType);
  const { db } = (await runtime()).database;
  await db.transaction(async (tx) => {
    await storePasswordHash(actor.userType, actor.accountId, passwordHash, tx);
    await voidResetChallenges(tx, account.email, actor.userType);
    await notify(tx);
  });
  await revokeOtherSessions(actor.userType, actor.accountId, actor.sessionId);
  await audit({ userType: actor.userType, accountId: actor.accountId }, 'passwordChanged', ip);
}
