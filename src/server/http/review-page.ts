import { ErrorCode } from '../../lib/error-codes';
import type { Locale } from '../../lib/locales';
import { idFrom } from '../../lib/schemas/common';
import type { ReviewQueue } from '../../lib/roles';
import type { Actor } from '../auth/sessions';
import { getReviewItem } from '../services/reviews/engine';
import { isAppError } from './app-error';

export type ReviewView = Awaited<ReturnType<typeof getReviewItem>>;

/**
 * A review page's item: the subject of `rawId` on the queue for this reviewer, or why not, with
 * the status the page answers (404 for an unknown item or a malformed id, 403 without the queue's
 * role or on the reviewer's own application).
 */
export async function reviewPageItem(
  actor: Actor,
  queue: ReviewQueue,
  rawId: string | undefined,
  locale: Locale,
): Promise<{ review: ReviewView } | { status: 403 | 404; reason: 'notFound' | 'noRole' | 'own' }> {
  const subjectId = idFrom(rawId);
  if (subjectId === null) return { status: 404, reason: 'notFound' };
  try {
    return { review: await getReviewItem(actor, { queue, subjectId }, locale) };
  } catch (error) {
    if (!isAppError(error) || (error.code !== ErrorCode.NO_DATA && error.code !== ErrorCode.NO_PERMISSION)) throw error;
    if (error.code === ErrorCode.NO_DATA) return { status: 404, reason: 'notFound' };
    return { status: 403, reason: error.reason?.key === 'reviewOwn' ? 'own' : 'noRole' };
  }
}
