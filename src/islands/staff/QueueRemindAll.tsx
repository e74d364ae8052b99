import { useState } from 'react';
import { ApiError, apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import type { ReviewQueue } from '@/lib/roles';
import FormAlert from '../shared/FormAlert';
import { useHydrated } from '../shared/use-hydrated';

/**
 * Reminds the holders of overdue items, one item's (`{ itemId }`) or a whole queue's (`{ queue }`),
 * each at most once in 24 hours; `message` says how many were mailed and how many were left out.
 */
export function useQueueRemind(locale: Locale, target: { itemId: number } | { queue: ReviewQueue }) {
  const t = getT(locale);
  const [reminding, setReminding] = useState(false);
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'success' } | null>(null);
  const remind = async () => {
    if (reminding) return;
    setReminding(true);
    setMessage(null);
    try {
      const result = await apiPost<{ sent: number; skipped: number }>('/api/amsw1101/queues/remind', target, {
        suppressErrorToast: true,
      });
      setMessage({ text: t('staff:queues.remindSent', result), tone: 'success' });
    } catch (caught) {
      setMessage({ text: caught instanceof ApiError ? caught.message : String(caught), tone: 'error' });
    } finally {
      setReminding(false);
    }
  };
  return { remind, reminding, message };
}

/** Reminds the holders of every overdue item of a queue. */
export default function QueueRemindAll({
  locale,
  queue,
  label,
}: {
  locale: Locale;
  queue: ReviewQueue;
  label: string;
}) {
  const t = getT(locale);
  const hydrated = useHydrated();
  const { remind, reminding: busy, message } = useQueueRemind(locale, { queue });

  return (
    <div className="mt-2 grid gap-2">
      <div>
        <button
          type="button"
          className="btn btn-outline btn-warning btn-sm"
          aria-label={`${t('staff:queues.remindAll')} ${label}`}
          disabled={busy || !hydrated}
          aria-busy={busy}
          onClick={() => void remind()}
        >
          {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {t('staff:queues.remindAll')}
        </button>
      </div>
      <FormAlert message={message?.text ?? null} tone={message?.tone ?? 'error'} />
    </div>
  );
}
