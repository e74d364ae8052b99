import { ErrorCode } from '../../../lib/error-codes';
import type { Actor } from '../../auth/sessions';
import { revokeOtherSessions } from '../../auth/sessions';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { AppError } from '../../http/app-error';
import { assertPasswordPolicy } from './assert-password-policy';
import { audit } from './audit';
import { findCredentialsById, storePasswordHash } from './account-store';
import { notifyPasswordChanged } from './notify-password-changed';

/**
 * Changes the signed-in account's password (editCid): the current password must match, the new
 * one must meet the policy and differ. Other sessions of the account end; this one stays.
 */
export async function changePassword(actor: Actor, currentPassword: string, newPassword: string, ip: string) {
  const account = await findCredentialsById(actor.userType, actor.accountId);
  if (!account) throw new AppError(ErrorCode.TOKEN_INVALID);
  if (!(await verifyPassword(currentPassword, account.passwordHash))) {
    throw new AppError(ErrorCode.DATA_CHECK, { fields: ['currentPassword'] }, { key: 'currentPasswordWrong' });
  }
  if (currentPassword === newPassword) {
    throw new AppError(ErrorCode.DATA_CHECK, { fields: ['newPassword'] }, { key: 'samePassword' });
  }
  await assertPasswordPolicy(newPassword, { email: account.email, names: account.names }, 'newPassword');
  await storePasswordHash(actor.userType, actor.accountId, await hashPassword(newPassword));
  await revokeOtherSessions(actor.userType, actor.accountId, actor.sessionId);
  await audit({ userType: actor.userType, accountId: actor.accountId }, 'passwordChanged', ip);
  await notifyPasswordChanged(account);
}
