import { apiGet } from '@/client/api';
import { navigate } from '@/client/navigation';
import type { Locale } from '@/lib/locales';
import { localePath } from '@/lib/paths';
import { setSignedIn, type UserType } from '@/stores/session';
import { showToast } from '@/stores/toast';

/** The API family of each kind of account. */
export const ACCOUNT_FAMILY: Record<UserType, string> = { individual: 'amsw0101', organ: 'amsw0103' };

/** Each kind of account's own area (a web user's /member/center leads on to /webUser/center). */
export const ACCOUNT_CENTER: Record<UserType, string> = { individual: '/member/center', organ: '/organ/center' };

/**
 * After the server has opened a session (sign-in, sign-up): reads the account into the session
 * store, says so, and goes to `path` (the account's area unless given) in the reader's language.
 */
export async function enterAccount(userType: UserType, locale: Locale, message: string, path?: string) {
  const account = await apiGet<{ accountId: number } & Record<string, unknown>>(`/api/${ACCOUNT_FAMILY[userType]}`, {
    suppressErrorToast: true,
  });
  setSignedIn({ userType, account: { ...account, id: account.accountId } });
  showToast({ message, type: 'success' });
  navigate(localePath(path ?? ACCOUNT_CENTER[userType], locale));
}
