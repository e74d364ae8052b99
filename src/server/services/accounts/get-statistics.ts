import type { Locale } from '../../../lib/locales';
import type { ApplicationState } from '../../../lib/applications/state-machine';
import type { Actor } from '../../auth/sessions';
import { listCallsForPapers } from '../journals/list-calls-for-papers';
import { chosenTopicIds } from './list-topics';

/**
 * The member centre's statistics: the calls for papers open now (spec: postList of name and
 * postId), from the shared list of calls. Per-member paper counts join this list when submissions exist.
 */
export async function getIndividualStatistics(_actor: Actor, locale: Locale) {
  const calls = await listCallsForPapers(locale);
  return {
    postList: calls
      .filter((call) => call.status === 'open')
      .map(({ postId, name, closesAt }) => ({ postId, name, closesAt })),
  };
}

/**
 * The organisation centre's statistics: how many topics it has chosen, and its course applications
 * in all, waiting on the society, waiting for its payment, and accredited (read with the session).
 */
export async function getOrganisationStatistics(actor: Actor) {
  const courses = actor.account.userType === 'organ' ? actor.account.courseStates : [];
  const count = (states: ApplicationState[]) => courses.filter((c) => states.includes(c.state)).length;
  return {
    topicCount: chosenTopicIds(actor).length,
    courseApplicationCount: courses.length,
    courseInReviewCount: count(['submitted', 'underReview', 'returned']),
    courseAwaitingPaymentCount: count(['approved', 'awaitingPayment']),
    courseAccreditedCount: count(['paid', 'effective']),
  };
}
