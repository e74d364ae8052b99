import type { Locale } from '../../../lib/locales';
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
 * The organisation centre's statistics: how many topics it has chosen. Application counts join
 * when continuing-education applications exist.
 */
export async function getOrganisationStatistics(actor: Actor) {
  return { topicCount: chosenTopicIds(actor).length };
}
