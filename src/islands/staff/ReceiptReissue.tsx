import { useRef, useState } from 'react';
import { ApiError, apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { useHydrated } from '../shared/use-hydrated';

interface Props {
  locale: Locale;
  orderId: number;
  receiptNo: string;
}

/** Issues a new receipt for an order whose receipt was voided, after a confirmation; then the page again. */
export default function ReceiptReissue({ locale, orderId, receiptNo }: Props) {
  const t = getT(locale);
  const dialog = useRef<HTMLDialogElement>(null);
  const hydrated = useHydrated();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const v = (key: string, values: Record<string, string> = {}) => t(`money:orders.reissue.${key}`, values);

  const send = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await apiPost('/api/amsw1101/money/receipts/reissue', { orderId }, { suppressErrorToast: true });
      window.location.reload();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : String(caught));
      setBusy(false);
    }
  };

  return (
    <div className="mt-1">
      <button
        type="button"
        className="btn btn-outline btn-xs"
        aria-label={v('buttonFor', { number: receiptNo })}
        disabled={!hydrated}
        onClick={() => dialog.current?.showModal()}
      >
        {v('button')}
      </button>
      <ConfirmDialog
        ref={dialog}
        title={v('title', { number: receiptNo })}
        text={v('body', { number: receiptNo })}
        cancel={v('cancel')}
        confirm={busy ? v('working') : v('button')}
        onConfirm={() => void send()}
        busy={busy}
      >
        {error && (
          <p role="alert" className="text-sm text-error">
            {error}
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}
