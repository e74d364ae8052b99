import { clearSession, userType, type UserType } from '@/stores/session';
import { showToast } from '@/stores/toast';
import { apiGet } from './api';
import { currentLocale } from './locale';
import { message } from './messages';
import { localePath, navigate } from './navigation';

/** Signing out: the server's session ends through the API, the browser's through the session store. */

const LOGOUT_PATH: Record<UserType, string> = {
  individual: '/api/amsw0101/logout',
  organ: '/api/amsw0103/logout',
};

export interface LogoutOptions {
  /** No "signed out" toast. */
  silent?: boolean;
  /** Stay on the current page instead of going to the login page. */
  noRedirect?: boolean;
}

/** Signs out on the server (the logout call of the user type's API family) and in the browser. */
export async function logout({ silent = false, noRedirect = false }: LogoutOptions = {}): Promise<void> {
  const locale = currentLocale();
  const type = userType.get() ?? 'individual';
  // Clear first: should the call answer -8, the expiry path then sees nobody signed in and keeps quiet.
  clearSession();
  try {
    await apiGet(LOGOUT_PATH[type], { suppressErrorToast: true });
  } catch {
    // The browser is signed out either way; the server session ends by its own timeout.
  }
  if (!silent) showToast({ message: message('signedOut', locale), type: 'success' });
  if (!noRedirect) navigate(localePath('/login', locale));
}
