import type { AstroCookies } from 'astro';
import { ErrorCode } from '../../lib/error-codes';
import type { Actor } from '../auth/sessions';
import { REVIEW_ACCESS_COOKIE, reviewAccess } from '../services/papers/review-links';
import type { ReviewReader } from '../services/papers/paper-review';
import { AppError } from '../app-error';
import { readCookie } from './cookies';

/**
 * Who reads a paper for review on this request: the signed-in account, else the holder of a used
 * review link (its access cookie, scoped to one assignment), else nobody (-9).
 */
export async function reviewReaderOf(actor: Actor | null, request: Request): Promise<ReviewReader> {
  if (actor) return { actor };
  const link = await reviewAccess(readCookie(request.headers.get('cookie'), REVIEW_ACCESS_COOKIE));
  if (!link) throw new AppError(ErrorCode.NOT_LOGGED_IN);
  return { link };
}

/** The access a used link gives, as an HttpOnly cookie; it opens nothing but that assignment. */
export function setReviewAccessCookie(
  cookies: AstroCookies,
  secure: boolean,
  access: { token: string; expiresAt: Date },
): void {
  cookies.set(REVIEW_ACCESS_COOKIE, access.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    expires: access.expiresAt,
  });
}
