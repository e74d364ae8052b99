import { useRef, useState } from 'react';
import { ApiError, apiPost } from '@/client/api';
import { getT } from '@/i18n';
import { taipeiDate } from '@/lib/calendar-date';
import { formatAmount } from '@/lib/format';
import type { Locale } from '@/lib/locales';
import { REFUND_METHODS } from '@/lib/schemas/money';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { useHydrated } from '../shared/use-hydrated';

interface Props {
  locale: Locale;
  paymentId: number;
  orderNumber: string;
  /** NT$ of the payment not yet refunded (the server checks it again). */
  left: number;
}

type Field = 'amount' | 'refundedOn' | 'reason';

/**
 * Records that a payment was refunded outside the portal: how much (at most what is left), the
 * day, the way, the reference and the reason; sent once however often pressed, then the page again.
 */
export default function RefundRecord({ locale, paymentId, orderNumber, left }: Props) {
  const t = getT(locale);
  // Ids of their own per payment: each island is a React root of its own, so `useId` repeats across the list.
  const id = `refund-${paymentId}`;
  const dialog = useRef<HTMLDialogElement>(null);
  const hydrated = useHydrated();
  const r = (key: string, values: Record<string, string> = {}) => t(`money:orders.refund.${key}`, values);
  const [amount, setAmount] = useState(String(left));
  const [refundedOn, setRefundedOn] = useState<string>(taipeiDate());
  const [method, setMethod] = useState<(typeof REFUND_METHODS)[number]>('bankTransfer');
  const [reference, setReference] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<{ field: Field | null; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const fail = (field: Field | null, text: string) => {
    setError({ field, text });
    if (field) document.getElementById(`${id}-${field}`)?.focus();
  };

  const send = async () => {
    if (busy) return;
    const n = Number(amount);
    if (!Number.isInteger(n) || n <= 0 || n > left)
      return fail('amount', r('amountRange', { left: formatAmount(left) }));
    if (!refundedOn) return fail('refundedOn', r('dateMissing'));
    if (reason.trim() === '') return fail('reason', r('reasonMissing'));
    setBusy(true);
    setError(null);
    try {
      await apiPost(
        '/api/amsw1101/money/payments/refund',
        { paymentId, amount: n, refundedOn, method, reference, reason },
        { suppressErrorToast: true },
      );
      window.location.reload();
    } catch (caught) {
      fail(null, caught instanceof ApiError ? caught.message : String(caught));
      setBusy(false);
    }
  };

  const invalid = (field: Field) => (error?.field === field ? true : undefined);
  const described = (field: Field) => (error?.field === field ? `${id}-error` : undefined);
  return (
    <div className="mt-1">
      <button
        type="button"
        className="btn btn-outline btn-xs"
        aria-label={r('buttonFor', { number: orderNumber })}
        disabled={!hydrated}
        onClick={() => dialog.current?.showModal()}
      >
        {r('button')}
      </button>
      <ConfirmDialog
        ref={dialog}
        title={r('title', { number: orderNumber })}
        text={r('body', { left: formatAmount(left) })}
        cancel={r('cancel')}
        confirm={busy ? r('working') : r('confirm')}
        onConfirm={() => void send()}
        busy={busy}
      >
        <div className="grid gap-2">
          <label className="flex flex-col text-sm font-medium">
            {r('amount')}
            <input
              id={`${id}-amount`}
              className="input input-bordered w-full font-normal"
              type="number"
              inputMode="numeric"
              min={1}
              max={left}
              step={1}
              value={amount}
              required
              aria-invalid={invalid('amount')}
              aria-describedby={described('amount')}
              onChange={(e) => setAmount(e.target.value)}
            />
          </label>
          <label className="flex flex-col text-sm font-medium">
            {r('date')}
            <input
              id={`${id}-refundedOn`}
              className="input input-bordered w-full font-normal"
              type="date"
              max={taipeiDate()}
              value={refundedOn}
              required
              aria-invalid={invalid('refundedOn')}
              aria-describedby={described('refundedOn')}
              onChange={(e) => setRefundedOn(e.target.value)}
            />
          </label>
          <label className="flex flex-col text-sm font-medium">
            {r('method')}
            <select
              className="select select-bordered w-full font-normal"
              value={method}
              onChange={(e) => setMethod(e.target.value as (typeof REFUND_METHODS)[number])}
            >
              {REFUND_METHODS.map((m) => (
                <option key={m} value={m}>
                  {r(`methods.${m}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col text-sm font-medium">
            {r('reference')}
            <input
              className="input input-bordered w-full font-normal"
              value={reference}
              maxLength={100}
              onChange={(e) => setReference(e.target.value)}
            />
          </label>
          <label className="flex flex-col text-sm font-medium">
            {r('reason')}
            <input
              id={`${id}-reason`}
              className="input input-bordered w-full font-normal"
              value={reason}
              maxLength={200}
              required
              aria-invalid={invalid('reason')}
              aria-describedby={described('reason')}
              onChange={(e) => setReason(e.target.value)}
            />
          </label>
          {error && (
            <p id={`${id}-error`} role="alert" className="text-sm text-error">
              {error.text}
            </p>
          )}
        </div>
      </ConfirmDialog>
    </div>
  );
}
