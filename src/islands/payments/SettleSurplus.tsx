import { useState } from 'react';
import { ApiError, apiPost } from '@/client/api';
import { getT } from '@/i18n';
import { formatAmount } from '@/lib/format';
import type { Locale } from '@/lib/locales';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import Field, { FieldFrame, TextAreaField } from '../shared/Field';
import { useConfirm } from '../shared/use-confirm';
import { useHydrated } from '../shared/use-hydrated';
import FinanceDecision from './FinanceDecision';
import { announceDone } from './finance-queue';

type Outcome = 'refunded' | 'applied' | 'other';
type Need = 'number' | 'reference' | 'note';

/** The words of each field a settlement may need (its label, hint and what is said when it is empty). */
const NEED_KEY: Record<Need, string> = { number: 'targetNumber', reference: 'reference', note: 'note' };

interface Props {
  locale: Locale;
  paymentId: number;
  /** The order the money was paid for; null for money kept from a bank statement. */
  orderNumber: string | null;
  /** The NT$ that arrived, named in the confirmation. */
  amount: number;
  /** The payer's pending orders of the same amount, which the money may pay. */
  pendingOrders: { orderId: number; orderNumber: string; description: string }[];
  /** Money with no payer known (kept from a bank statement): applied to any pending order, typed by its number. */
  byNumber?: boolean;
}

/**
 * Finance records what became of money not applied to its order: refunded (with the refund's
 * reference), applied to one of the payer's pending orders of the same amount (money kept from a
 * statement: to the pending order whose number finance types; the server checks it), or other
 * (with a note). Asked before it is sent, sent once however often pressed, and said in place once
 * recorded.
 */
export default function SettleSurplus({
  locale,
  paymentId,
  orderNumber,
  amount,
  pendingOrders,
  byNumber = false,
}: Props) {
  const t = getT(locale);
  const hydrated = useHydrated();
  const confirm = useConfirm();
  const canApply = byNumber || pendingOrders.length > 0;
  const [outcome, setOutcome] = useState<Outcome>(canApply ? 'applied' : 'refunded');
  const [target, setTarget] = useState<number | null>(pendingOrders[0]?.orderId ?? null);
  const [typed, setTyped] = useState('');
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const [fieldError, setFieldError] = useState<{ field: Need; text: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ outcome: Outcome; target: string | null } | null>(null);
  const id = `surplus-${paymentId}`;
  const targetNumber = byNumber
    ? typed.trim().toUpperCase()
    : (pendingOrders.find((o) => o.orderId === target)?.orderNumber ?? '');

  /** Checks what the outcome needs, then asks before recording (it cannot be changed afterwards). */
  const ask = () => {
    const missing: Need | null =
      outcome === 'applied' && byNumber && targetNumber === ''
        ? 'number'
        : outcome === 'refunded' && reference.trim() === ''
          ? 'reference'
          : outcome === 'other' && note.trim() === ''
            ? 'note'
            : null;
    if (missing) {
      setFieldError({ field: missing, text: t(`payments:finance.surplus.${NEED_KEY[missing]}Needed`) });
      document.getElementById(`${id}-${missing}`)?.focus();
      return;
    }
    confirm.open();
  };

  const record = () =>
    confirm.run(
      async () => {
        confirm.close();
        setError(null);
        const answer = await apiPost<{ outcome: Outcome; appliedOrderNumber: string | null }>(
          '/api/amsw0502/surplus/settle',
          {
            paymentId,
            outcome,
            ...(outcome === 'applied' && byNumber ? { orderNumber: targetNumber } : {}),
            ...(outcome === 'applied' && !byNumber && target !== null ? { orderId: target } : {}),
            reference: reference.trim(),
            note: note.trim(),
          },
          { suppressErrorToast: true },
        );
        setDone({ outcome: answer.outcome, target: answer.appliedOrderNumber });
        announceDone('surplus');
      },
      (failure) => setError(failure instanceof ApiError ? failure.message : t('payments:finance.failed')),
    );

  /** A field's id, label, and its hint or (once refused) its error; typing in it clears the error. */
  const frame = (field: Need) => ({
    id: `${id}-${field}`,
    name: `${id}-${field}`,
    label: t(`payments:finance.surplus.${NEED_KEY[field]}`),
    hint: fieldError?.field === field ? undefined : t(`payments:finance.surplus.${NEED_KEY[field]}Hint`),
    error: fieldError?.field === field ? fieldError.text : undefined,
    disabled: !hydrated,
  });
  const typedInto = (set: (value: string) => void) => (value: string) => {
    set(value);
    setFieldError(null);
  };

  return (
    <FinanceDecision
      done={done && t(`payments:finance.surplus.done.${done.outcome}`, { target: done.target ?? '' })}
      error={error}
    >
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-medium">{t('payments:finance.surplus.outcome')}</legend>
        {(['applied', 'refunded', 'other'] as const).map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              className="radio radio-sm"
              name={`${id}-outcome`}
              value={value}
              checked={outcome === value}
              disabled={!hydrated || (value === 'applied' && !canApply)}
              onChange={() => {
                setOutcome(value);
                setFieldError(null);
              }}
            />
            {t(`payments:finance.surplus.outcomes.${byNumber && value === 'applied' ? 'appliedByNumber' : value}`)}
          </label>
        ))}
      </fieldset>
      {outcome === 'applied' && byNumber && (
        <Field
          {...frame('number')}
          className={`input input-bordered input-sm w-full font-mono ${fieldError?.field === 'number' ? 'input-error' : ''}`}
          maxLength={30}
          autoComplete="off"
          spellCheck={false}
          value={typed}
          onChange={typedInto(setTyped)}
        />
      )}
      {outcome === 'applied' && !byNumber && pendingOrders.length > 0 && (
        <FieldFrame id={`${id}-target`} name={`${id}-target`} label={t('payments:finance.surplus.target')}>
          <select
            id={`${id}-target`}
            className="select select-bordered select-sm w-full"
            value={target ?? ''}
            disabled={!hydrated}
            onChange={(e) => setTarget(Number(e.target.value))}
          >
            {pendingOrders.map((o) => (
              <option key={o.orderId} value={o.orderId}>
                {o.orderNumber} · {o.description}
              </option>
            ))}
          </select>
        </FieldFrame>
      )}
      {outcome === 'refunded' && (
        <Field
          {...frame('reference')}
          className={`input input-bordered input-sm w-full ${fieldError?.field === 'reference' ? 'input-error' : ''}`}
          maxLength={100}
          value={reference}
          onChange={typedInto(setReference)}
        />
      )}
      <TextAreaField {...frame('note')} rows={2} maxLength={1000} value={note} onChange={typedInto(setNote)} />
      <div>
        <button type="button" className="btn btn-sm btn-primary" disabled={!hydrated || confirm.pending} onClick={ask}>
          {t('payments:finance.surplus.record')}
        </button>
      </div>
      <ConfirmDialog
        ref={confirm.ref}
        text={t(`payments:finance.surplus.${orderNumber === null ? 'askStatement' : 'ask'}.${outcome}`, {
          order: orderNumber ?? '',
          amount: formatAmount(amount),
          target: targetNumber,
        })}
        cancel={t('payments:finance.ask.cancel')}
        confirm={t('payments:finance.ask.ok')}
        onConfirm={() => void record()}
      />
    </FinanceDecision>
  );
}
