import { useState } from 'react';
import { apiPost } from '@/client/api';
import { getT } from '@/i18n';
import { taipeiDate } from '@/lib/calendar-date';
import { formatAmount } from '@/lib/format';
import type { Locale } from '@/lib/locales';
import { REFUND_METHODS } from '@/lib/schemas/money';
import ReasonDialog from './ReasonDialog';

interface Props {
  locale: Locale;
  paymentId: number;
  orderNumber: string;
  /** NT$ of the payment not yet refunded (the server checks it again). */
  left: number;
}

/**
 * Records that a payment was refunded outside the portal: how much (at most what is left), the
 * day, the way, the reference and the reason; sent once however often pressed, then the page again.
 */
export default function RefundRecord({ locale, paymentId, orderNumber, left }: Props) {
  const t = getT(locale);
  const id = `refund-${paymentId}`;
  const r = (key: string, values: Record<string, string> = {}) => t(`money:orders.refund.${key}`, values);
  const [amount, setAmount] = useState(String(left));
  const [refundedOn, setRefundedOn] = useState<string>(taipeiDate());
  const [method, setMethod] = useState<(typeof REFUND_METHODS)[number]>('bankTransfer');
  const [reference, setReference] = useState('');

  const check = () => {
    const n = Number(amount);
    if (!Number.isInteger(n) || n <= 0 || n > left)
      return { field: 'amount', text: r('amountRange', { left: formatAmount(left) }) };
    if (!refundedOn) return { field: 'refundedOn', text: r('dateMissing') };
    return null;
  };

  return (
    <ReasonDialog
      id={id}
      className="mt-1"
      opener={{
        text: r('button'),
        label: r('buttonFor', { number: orderNumber }),
        className: 'btn btn-outline btn-xs',
      }}
      title={r('title', { number: orderNumber })}
      text={r('body', { left: formatAmount(left) })}
      cancel={r('cancel')}
      confirm={r('confirm')}
      working={r('working')}
      reason={{ label: r('reason'), missing: r('reasonMissing') }}
      check={check}
      send={(reason) =>
        apiPost(
          '/api/amsw1101/money/payments/refund',
          { paymentId, amount: Number(amount), refundedOn, method, reference, reason },
          { suppressErrorToast: true },
        )
      }
    >
      {(marked) => (
        <>
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
              {...marked('amount')}
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
              {...marked('refundedOn')}
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
        </>
      )}
    </ReasonDialog>
  );
}
