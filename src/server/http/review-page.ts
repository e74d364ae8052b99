import { ErrorCode } from '../../lib/error-codes';
import { idFrom } from '../../lib/schemas/common';
import type { ReviewQueue } from '../../lib/roles';
import type { AstroGlobal } from 'astro';
import { getReviewItem } from '../services/reviews/engine';
import { guardArea } from './account-page';
import { isAppError } from './app-error';

export type ReviewView = Awaited<ReturnType<typeof getReviewItem>>;

/**
 * A review page (`/member/{queue}Review/{id}`): the signed-in reviewer's item on `queue` named by
 * the address's `applicationId`, or why not, with the status the page answers (404 for an unknown
 * item or a malformed id, 403 without the queue's role or on the reviewer's own application). A
 * reader of another area is sent to their own centre.
 */
export async function reviewPage(
  astro: AstroGlobal,
  queue: ReviewQueue,
): Promise<Response | { review: ReviewView | null; refusal?: 'notFound' | 'noRole' | 'own' }> {
  const actor = await guardArea(astro, ['member', 'webUser']);
  if (actor instanceof Response) return actor;
  const subjectId = idFrom(astro.params.applicationId);
  const refuse = (status: 403 | 404, refusal: 'notFound' | 'noRole' | 'own') => {
    astro.response.status = status;
    return { review: null, refusal };
  };
  if (subjectId === null) return refuse(404, 'notFound');
  try {
    return { review: await getReviewItem(actor, { queue, subjectId }, astro.locals.locale) };
  } catch (error) {
    if (!isAppError(error) || (error.code !== ErrorCode.NO_DATA && error.code !== ErrorCode.NO_PERMISSION)) throw error;
    if (error.code === ErrorCode.NO_DATA) return refuse(404, 'notFound');
    return refuse(403, error.reason?.key === 'reviewOwn' ? 'own' : 'noRole');
  }
}
