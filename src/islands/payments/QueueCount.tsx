import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { type FinanceQueue, useQueueCount } from './finance-queue';

interface Props {
  queue: FinanceQueue;
  count: number;
  /** The sentence with both counts instead of the one queue's badge. */
  sentence?: { locale: Locale; surplus: number };
}

/**
 * A finance queue's count that goes down as its entries are decided on the page, without a reload:
 * the queue's badge, or (given `sentence`) the line that says what waits in both queues.
 */
export default function QueueCount({ queue, count, sentence }: Props) {
  const n = useQueueCount(queue, count);
  const surplus = useQueueCount('surplus', sentence?.surplus ?? 0);
  if (!sentence) return <span className="badge badge-info">{n}</span>;
  return <>{getT(sentence.locale)('payments:finance.waiting', { transfers: n, surplus })}</>;
}
