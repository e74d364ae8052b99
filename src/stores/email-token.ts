import { atom } from 'nanostores';
import { readStorage, writeStorage } from '@/client/storage';

/**
 * The short-lived token of an email verification or password reset, sent as the
 * `EmailAuthorization` header. It is separate from the sign-in session and kept for the tab
 * (sessionStorage), so it survives the page loads of one verification flow.
 */
export interface EmailToken {
  token: string;
  /** Epoch milliseconds after which the token is no longer sent. */
  expiresAt: number;
}

const STORAGE_KEY = 'ams-emailToken';

function isEmailToken(value: unknown): value is EmailToken {
  const v = value as Partial<EmailToken> | null;
  return typeof v?.token === 'string' && typeof v.expiresAt === 'number';
}

function restore(): EmailToken | null {
  try {
    const parsed: unknown = JSON.parse(readStorage('sessionStorage', STORAGE_KEY) ?? 'null');
    return isEmailToken(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export const emailToken = atom<EmailToken | null>(restore());

export function setEmailToken(value: EmailToken): void {
  emailToken.set(value);
  writeStorage('sessionStorage', STORAGE_KEY, JSON.stringify(value));
}

export function clearEmailToken(): void {
  emailToken.set(null);
  writeStorage('sessionStorage', STORAGE_KEY, null);
}

/** The token to send now, or null when none is held or it has expired. */
export function validEmailToken(now: number = Date.now()): string | null {
  const held = emailToken.get();
  return held && now < held.expiresAt ? held.token : null;
}
