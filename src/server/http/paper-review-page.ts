import type { AstroGlobal } from 'astro';
import { ErrorCode } from '../../lib/error-codes';
import { idFrom } from '../../lib/schemas/common';
import { type PaperForReview, readPaperForReview } from '../services/papers/paper-review';
import { isAppError } from '../app-error';
import { roleAccess } from '../auth/staff-access';
import { reviewReaderOf } from './review-reader';
import { verifyPath } from './staff-page';

export type PaperRefusal = 'notFound' | 'noRole' | 'own' | 'notAssigned' | 'signIn' | 'viewing';

/**
 * The paper review page (`/member/paperReview/{paperId}`): the paper as its editor or its
 * reviewer reads it, or why not. The login guard leaves this address alone, since the holder of
 * a used review link (its access cookie) reads it without signing in (the spec: no login step);
 * a reader with neither is told, with 401, that the page opens with the mailed link or after
 * signing in (`signIn`). 404 for an unknown paper, a draft or a malformed id; 403 with the reason
 * otherwise (`viewing`: the office looking at a member's pages reads none of their papers). `viaLink`: the reader has no account area to show (a link's access, or nothing).
 */
export async function paperReviewPage(
  astro: AstroGlobal,
): Promise<Response | { paper: PaperForReview | null; refusal?: PaperRefusal; viaLink: boolean }> {
  const { actor, locale } = astro.locals;
  const viaLink = !actor;
  const refuse = (status: 401 | 403 | 404, refusal: PaperRefusal) => {
    astro.response.status = status;
    return { paper: null, refusal, viaLink };
  };
  let reader;
  try {
    reader = await reviewReaderOf(actor, astro.request);
  } catch (error) {
    if (!isAppError(error) || error.code !== ErrorCode.NOT_LOGGED_IN) throw error;
    return refuse(401, 'signIn');
  }
  const paperId = idFrom(astro.params.paperId);
  if (paperId === null) return refuse(404, 'notFound');
  try {
    return { paper: await readPaperForReview(reader, paperId, locale), viaLink };
  } catch (error) {
    if (!isAppError(error) || (error.code !== ErrorCode.NO_DATA && error.code !== ErrorCode.NO_PERMISSION)) throw error;
    if (error.code === ErrorCode.NO_DATA) return refuse(404, 'notFound');
    // The editor-in-chief whose session has not given the second factor gives it, and comes back.
    if (actor && roleAccess(actor, ['editorInChief']) === 'waiting') return astro.redirect(verifyPath(astro), 302);
    const key = error.reason?.key;
    const refusals: Record<string, PaperRefusal> = {
      reviewOwn: 'own',
      reviewNotAssigned: 'notAssigned',
      reviewWhileViewing: 'viewing',
    };
    return refuse(403, (key ? refusals[key] : undefined) ?? 'noRole');
  }
}
