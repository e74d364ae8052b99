import { useState } from 'react';
import { ApiError, apiPost } from '@/client/api';
import { getT } from '@/i18n';
import { formatAmount } from '@/lib/format';
import type { Locale } from '@/lib/locales';
import { showToast } from '@/stores/toast';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import FormAlert from '../shared/FormAlert';
import { useConfirm } from '../shared/use-confirm';

/**
 * Cancels one of the reader's event registrations after asking once, a paid one saying first what
 * the event's refund rule gives back; a refusal (deadline passed, moved meanwhile) is shown beside the button.
 */
export default function CancelRegistration({
  locale,
  registrationId,
  number,
  event,
  refund,
}: {
  locale: Locale;
  registrationId: number;
  number: string;
  event: string;
  /** NT$ refunded if cancelled now (a paid one); null when nothing was paid. */
  refund: number | null;
}) {
  const t = getT(locale);
  const confirm = useConfirm();
  const [refusal, setRefusal] = useState<string | null>(null);

  const cancel = () =>
    confirm.run(
      async () => {
        confirm.close();
        setRefusal(null);
        await apiPost('/api/amsw0306/cancel', { registrationId }, { suppressErrorToast: true });
        showToast({ message: t('events:mine.cancelled'), type: 'success' });
        window.location.reload();
      },
      (error) => setRefusal(error instanceof ApiError ? error.message : String(error)),
    );

  return (
    <div className="space-y-2">
      <button
        type="button"
        className="btn btn-outline btn-sm"
        disabled={confirm.pending}
        aria-label={t('events:mine.cancelOf', { number })}
        onClick={confirm.open}
      >
        {t('events:mine.cancel')}
      </button>
      <FormAlert message={refusal} />
      <ConfirmDialog
        ref={confirm.ref}
        text={
          refund === null
            ? t('events:mine.cancelConfirm', { number, event })
            : `${t('events:mine.cancelConfirm', { number, event })} ${
                refund > 0
                  ? t('events:mine.refundIfCancelled', { amount: formatAmount(refund) })
                  : t('events:mine.noRefundIfCancelled')
              }`
        }
        cancel={t('events:mine.keep')}
        confirm={t('events:mine.cancel')}
        danger
        busy={confirm.pending}
        onConfirm={() => void cancel()}
      />
    </div>
  );
}
