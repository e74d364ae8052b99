import type { AstroGlobal } from 'astro';
import { ErrorCode } from '../../lib/error-codes';
import { localePath } from '../../lib/paths';
import { idFrom } from '../../lib/schemas/common';
import { type PaperForReview, readPaperForReview } from '../services/papers/paper-review';
import { isAppError } from './app-error';
import { reviewReaderOf } from './review-reader';

export type PaperRefusal = 'notFound' | 'noRole' | 'own' | 'notAssigned';

/**
 * The paper review page (`/member/paperReview/{paperId}`): the paper as its editor or its
 * reviewer reads it, or why not. The login guard leaves this address alone, since the holder of
 * a used review link (its access cookie) reads it without signing in; a reader with neither is
 * sent to sign in. 404 for an unknown paper, a draft or a malformed id; 403 with the reason
 * otherwise. `viaLink`: the reader holds only the link's access (no account area to show).
 */
export async function paperReviewPage(
  astro: AstroGlobal,
): Promise<Response | { paper: PaperForReview | null; refusal?: PaperRefusal; viaLink: boolean }> {
  const { actor, locale, requestedPath } = astro.locals;
  const viaLink = !actor;
  const refuse = (status: 403 | 404, refusal: PaperRefusal) => {
    astro.response.status = status;
    return { paper: null, refusal, viaLink };
  };
  let reader;
  try {
    reader = await reviewReaderOf(actor, astro.request);
  } catch (error) {
    if (!isAppError(error) || error.code !== ErrorCode.NOT_LOGGED_IN) throw error;
    const back = encodeURIComponent(requestedPath + astro.url.search);
    return astro.redirect(`${localePath('/login', locale)}?redirect=${back}`, 302);
  }
  const paperId = idFrom(astro.params.paperId);
  if (paperId === null) return refuse(404, 'notFound');
  try {
    return { paper: await readPaperForReview(reader, paperId, locale), viaLink };
  } catch (error) {
    if (!isAppError(error) || (error.code !== ErrorCode.NO_DATA && error.code !== ErrorCode.NO_PERMISSION)) throw error;
    if (error.code === ErrorCode.NO_DATA) return refuse(404, 'notFound');
    const key = error.reason?.key;
    return refuse(403, key === 'reviewOwn' ? 'own' : key === 'reviewNotAssigned' ? 'notAssigned' : 'noRole');
  }
}
