import { useRef, useState } from 'react';
import { ApiError, apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { ConfirmDialog } from '../shared/ConfirmDialog';

interface Props {
  locale: Locale;
  orderId: number;
  receiptNo: string;
}

/** Voids an order's receipt with a reason, after a confirmation; then the page again. */
export default function ReceiptVoid({ locale, orderId, receiptNo }: Props) {
  const t = getT(locale);
  // Ids of their own per order: each island is a React root of its own, so `useId` repeats across the list.
  const id = `void-${orderId}`;
  const dialog = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const v = (key: string, values: Record<string, string> = {}) => t(`money:orders.void.${key}`, values);

  const send = async () => {
    if (busy) return;
    if (reason.trim() === '') {
      setError(v('reasonMissing'));
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await apiPost('/api/amsw1101/money/receipts/void', { orderId, reason }, { suppressErrorToast: true });
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
        className="btn btn-outline btn-error btn-xs"
        aria-label={v('buttonFor', { number: receiptNo })}
        onClick={() => dialog.current?.showModal()}
      >
        {v('button')}
      </button>
      <ConfirmDialog
        ref={dialog}
        title={v('title', { number: receiptNo })}
        text={v('body')}
        cancel={v('cancel')}
        confirm={busy ? v('working') : v('button')}
        onConfirm={() => void send()}
        danger
        busy={busy}
      >
        <div className="flex flex-col">
          <label htmlFor={`${id}-reason`} className="mb-1 text-sm font-medium">
            {v('reason')}
          </label>
          <input
            id={`${id}-reason`}
            className="input input-bordered w-full"
            value={reason}
            maxLength={200}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
          {error && (
            <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-error">
              {error}
            </p>
          )}
        </div>
      </ConfirmDialog>
    </div>
  );
}
