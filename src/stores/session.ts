import { atom } from 'nanostores';
import { currentLocale } from '@/client/locale';
import { message } from '@/client/messages';
import { localePath, navigate } from '@/client/navigation';
import { readStorage, writeStorage } from '@/client/storage';
import { showToast } from './toast';

/**
 * The browser's view of who is signed in. The session itself is an HttpOnly cookie (DESIGN.md §6);
 * these stores only say which kind of account the tab shows and who it is. `ams-userType`
 * (spec §9) and `ams-accountId` are shared by all tabs through localStorage, so a tab can notice
 * that another one signed in as someone else.
 */
export type UserType = 'individual' | 'organ';

/** The account information the account API answers; only `id` is relied on here. */
export interface AccountInfo {
  id: number | string;
  [field: string]: unknown;
}

export const USER_TYPE_KEY = 'ams-userType';
export const ACCOUNT_ID_KEY = 'ams-accountId';

function parseUserType(value: string | null): UserType | null {
  return value === 'individual' || value === 'organ' ? value : null;
}

function storedUserType(): UserType | null {
  return parseUserType(readStorage('localStorage', USER_TYPE_KEY));
}

function storedAccountId(): string | null {
  return readStorage('localStorage', ACCOUNT_ID_KEY);
}

/** Which API family the signed-in account uses; null when nobody is signed in. */
export const userType = atom<UserType | null>(storedUserType());
/** The account information once loaded; null before that and when signed out. */
export const account = atom<AccountInfo | null>(null);
/** The id of the account this tab shows, taken when the tab loaded or signed in. */
export const accountId = atom<string | null>(storedAccountId());

export function setSignedIn(input: { userType: UserType; account: AccountInfo }): void {
  const id = String(input.account.id);
  userType.set(input.userType);
  account.set(input.account);
  accountId.set(id);
  writeStorage('localStorage', USER_TYPE_KEY, input.userType);
  writeStorage('localStorage', ACCOUNT_ID_KEY, id);
}

export function clearSession(): void {
  userType.set(null);
  account.set(null);
  accountId.set(null);
  writeStorage('localStorage', USER_TYPE_KEY, null);
  writeStorage('localStorage', ACCOUNT_ID_KEY, null);
}

export function isSignedIn(): boolean {
  return userType.get() !== null;
}

/**
 * The API answered -8 (token verification failed). When this tab thinks it is signed in, clear the
 * state, say so and go to the login page; otherwise do nothing. Returns whether it acted, so
 * several failing calls at once give one toast and one navigation.
 */
export function handleSessionExpired(): boolean {
  if (!isSignedIn()) return false;
  const locale = currentLocale();
  clearSession();
  showToast({ message: message('sessionExpired', locale), type: 'error' });
  navigate(localePath('/login', locale));
  return true;
}

type VisibilityTarget = Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;

/**
 * When the tab becomes visible and another tab has signed in as someone else (or signed out),
 * take over the stored state, call `refresh` to load the account information again, and go home.
 * Returns a function that stops watching.
 */
export function watchOtherTabs(refresh: () => unknown, target: VisibilityTarget = document): () => void {
  const onVisibilityChange = async (): Promise<void> => {
    if (target.visibilityState !== 'visible') return;
    const type = storedUserType();
    const id = storedAccountId();
    if (type === userType.get() && id === accountId.get()) return;
    userType.set(type);
    accountId.set(id);
    account.set(null);
    try {
      await refresh();
    } catch (error) {
      console.warn('Reloading the session after a change in another tab failed', error);
    }
    navigate(localePath('/', currentLocale()));
  };
  target.addEventListener('visibilitychange', onVisibilityChange);
  return () => target.removeEventListener('visibilitychange', onVisibilityChange);
}
