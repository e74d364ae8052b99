import { ErrorCode } from '../../lib/error-codes';
import { idFrom } from '../../lib/schemas/common';
import type { ReviewQueue } from '../../lib/roles';
import type { AstroGlobal } from 'astro';
import { getReviewItem } from '../services/reviews/engine';
import { guardArea } from './account-page';
import { isAppError } from '../app-error';

export type ReviewView = Awaited<ReturnType<typeof getReviewItem>>;

/**
 * A review page (`/member/{queue}Review/{id}`): the signed-in reviewer's item on `queue` named by
 * the address's `applicationId` (its subject) or `reviewId` (the item itself, for the credit
 * queue), or why not, with the status the page answers (404 for an unknown item, one of another
 * queue or a malformed id, 403 without the queue's role or on the reviewer's own application). A
 * reader of another area is sent to their own centre.
 */
export async function reviewPage(
  astro: AstroGlobal,
  queue: ReviewQueue,
): Promise<Response | { review: ReviewView | null; refusal?: 'notFound' | 'noRole' | 'own' }> {
  const actor = await guardArea(astro, ['member', 'webUser']);
  if (actor instanceof Response) return actor;
  const byItem = astro.params.reviewId !== undefined;
  const id = idFrom(byItem ? astro.params.reviewId : astro.params.applicationId);
  const refuse = (status: 403 | 404, refusal: 'notFound' | 'noRole' | 'own') => {
    astro.response.status = status;
    return { review: null, refusal };
  };
  if (id === null) return refuse(404, 'notFound');
  try {
    const review = await getReviewItem(
      actor,
      byItem ? { queue, reviewId: id } : { queue, subjectId: id },
      astro.locals.locale,
    );
    return { review };
  } catch (error) {
    if (!isAppError(error) || (error.code !== ErrorCode.NO_DATA && error.code !== ErrorCode.NO_PERMISSION)) throw error;
    if (error.code === ErrorCode.NO_DATA) return refuse(404, 'notFound');
    return refuse(403, error.reason?.key === 'reviewOwn' ? 'own' : 'noRole');
  }
}
