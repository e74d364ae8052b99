import type { Locale } from '../../../lib/locales';
import type { Actor } from '../../auth/sessions';
import { listAllTopics } from './list-all-topics';

/** The topics an organisation has chosen, from the account read with its session. */
export function chosenTopicIds(actor: Actor): number[] {
  return actor.account.userType === 'organ' ? actor.account.topicIds : [];
}

/** The continuing-education topics, each marked when the organisation has chosen it. */
export async function listTopics(actor: Actor, locale: Locale) {
  const chosen = new Set(chosenTopicIds(actor));
  return {
    topicList: (await listAllTopics(locale)).map((topic) => ({ ...topic, selected: chosen.has(topic.topicId) })),
  };
}
