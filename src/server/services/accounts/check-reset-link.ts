import type { UserType } from '../../db/schema';
import { AppError } from '../../app-error';
import { readEmailToken } from './email-challenges';

/**
 * Whether a mailed reset link still works (its token unused and unexpired), looked at without
 * using it up: the reset page opens on the form only for a link that can still set a password,
 * and says at once that a used or expired one cannot.
 */
export async function checkResetLink(userType: UserType, token: string): Promise<boolean> {
  try {
    await readEmailToken(token, 'reset', userType);
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}
