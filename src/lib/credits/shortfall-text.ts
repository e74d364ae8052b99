import type { TFunction } from 'i18next';
import { formatPoints } from '../format';
import type { CreditClass, CreditTopic } from './rules';

/** A shortfall as shown: its points, and the names of its group and topic in the reader's language. */
export interface ShownShortfall {
  kind: 'total' | 'class' | 'group' | 'topic';
  /** Points still missing (not tenths). */
  missing: number;
  creditClass?: CreditClass;
  topic?: CreditTopic;
  groupName?: string | undefined;
  /** The topic's name in the certification's rules (`topicName`). */
  topicName?: string | undefined;
}

/**
 * What a member still lacks in words ("3 more points of Quality, ethics and law"): the member's
 * certification page, the staff's compliance report and the reminder mail say it alike.
 */
export function shortfallText(t: TFunction, s: ShownShortfall): string {
  const missing = formatPoints(s.missing);
  if (s.kind === 'total') return t('credits:shortfall.total', { missing });
  if (s.kind === 'class')
    return t('credits:shortfall.class', { missing, class: t(`credits:classes.${s.creditClass}`) });
  if (s.kind === 'group') return t('credits:shortfall.group', { missing, group: s.groupName ?? '' });
  return t('credits:shortfall.topic', {
    missing,
    group: s.groupName ?? '',
    topic: s.topicName ?? s.topic ?? '',
  });
}
