import { useRef, useState } from 'react';
import { ApiError, apiPost } from '@/client/api';
import { getT } from '@/i18n';
import { formatAmount } from '@/lib/format';
import type { Locale } from '@/lib/locales';
import { useHydrated } from '../shared/use-hydrated';
import { announceDone } from './finance-queue';

type Outcome = 'refunded' | 'applied' | 'other';
type Field = 'number' | 'reference' | 'note';

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
  const busy = useRef(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const canApply = byNumber || pendingOrders.length > 0;
  const [outcome, setOutcome] = useState<Outcome>(canApply ? 'applied' : 'refunded');
  const [target, setTarget] = useState<number | null>(pendingOrders[0]?.orderId ?? null);
  const [typed, setTyped] = useState('');
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const [fieldError, setFieldError] = useState<{ field: Field; text: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<{ outcome: Outcome; target: string | null } | null>(null);
  const id = `surplus-${paymentId}`;
  const targetNumber = byNumber
    ? typed.trim().toUpperCase()
    : (pendingOrders.find((o) => o.orderId === target)?.orderNumber ?? '');

  /** Checks what the outcome needs, then asks before recording (it cannot be changed afterwards). */
  const ask = () => {
    if (outcome === 'applied' && byNumber && targetNumber === '') {
      setFieldError({ field: 'number', text: t('payments:finance.surplus.targetNumberNeeded') });
      document.getElementById(`${id}-number`)?.focus();
      return;
    }
    if (outcome === 'refunded' && reference.trim() === '') {
      setFieldError({ field: 'reference', text: t('payments:finance.surplus.referenceNeeded') });
      document.getElementById(`${id}-reference`)?.focus();
      return;
    }
    if (outcome === 'other' && note.trim() === '') {
      setFieldError({ field: 'note', text: t('payments:finance.surplus.noteNeeded') });
      document.getElementById(`${id}-note`)?.focus();
      return;
    }
    dialog.current?.showModal();
  };

  const record = async () => {
    if (busy.current) return;
    dialog.current?.close();
    busy.current = true;
    setSending(true);
    setError(null);
    try {
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
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('payments:finance.failed'));
    } finally {
      busy.current = false;
      setSending(false);
    }
  };

  if (done)
    return (
      <p role="status" className="alert alert-success text-sm">
        {t(`payments:finance.surplus.done.${done.outcome}`, { target: done.target ?? '' })}
      </p>
    );

  const described = (field: Field) => (fieldError?.field === field ? `${id}-${field}-error` : `${id}-${field}-hint`);

  return (
    <div className="flex min-w-0 flex-col gap-2">
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
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
        <>
          <label htmlFor={`${id}-number`} className="text-sm font-medium">
            {t('payments:finance.surplus.targetNumber')}
          </label>
          <input
            id={`${id}-number`}
            className={`input input-bordered input-sm w-full font-mono ${fieldError?.field === 'number' ? 'input-error' : ''}`}
            maxLength={30}
            autoComplete="off"
            spellCheck={false}
            value={typed}
            disabled={!hydrated}
            aria-invalid={fieldError?.field === 'number' ? true : undefined}
            aria-describedby={described('number')}
            onChange={(e) => {
              setTyped(e.target.value);
              setFieldError(null);
            }}
          />
          {fieldError?.field === 'number' ? (
            <p id={`${id}-number-error`} className="text-sm text-error">
              {fieldError.text}
            </p>
          ) : (
            <p id={`${id}-number-hint`} className="text-xs text-base-content/70">
              {t('payments:finance.surplus.targetNumberHint')}
            </p>
          )}
        </>
      )}
      {outcome === 'applied' && !byNumber && pendingOrders.length > 0 && (
        <>
          <label htmlFor={`${id}-target`} className="text-sm font-medium">
            {t('payments:finance.surplus.target')}
          </label>
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
        </>
      )}
      {outcome === 'refunded' && (
        <>
          <label htmlFor={`${id}-reference`} className="text-sm font-medium">
            {t('payments:finance.surplus.reference')}
          </label>
          <input
            id={`${id}-reference`}
            className={`input input-bordered input-sm w-full ${fieldError?.field === 'reference' ? 'input-error' : ''}`}
            maxLength={100}
            value={reference}
            disabled={!hydrated}
            aria-invalid={fieldError?.field === 'reference' ? true : undefined}
            aria-describedby={described('reference')}
            onChange={(e) => {
              setReference(e.target.value);
              setFieldError(null);
            }}
          />
          {fieldError?.field === 'reference' ? (
            <p id={`${id}-reference-error`} className="text-sm text-error">
              {fieldError.text}
            </p>
          ) : (
            <p id={`${id}-reference-hint`} className="text-xs text-base-content/70">
              {t('payments:finance.surplus.referenceHint')}
            </p>
          )}
        </>
      )}
      <label htmlFor={`${id}-note`} className="text-sm font-medium">
        {t('payments:finance.surplus.note')}
      </label>
      <textarea
        id={`${id}-note`}
        className={`textarea textarea-bordered w-full ${fieldError?.field === 'note' ? 'textarea-error' : ''}`}
        rows={2}
        maxLength={1000}
        value={note}
        disabled={!hydrated}
        aria-invalid={fieldError?.field === 'note' ? true : undefined}
        aria-describedby={described('note')}
        onChange={(e) => {
          setNote(e.target.value);
          setFieldError(null);
        }}
      />
      {fieldError?.field === 'note' ? (
        <p id={`${id}-note-error`} className="text-sm text-error">
          {fieldError.text}
        </p>
      ) : (
        <p id={`${id}-note-hint`} className="text-xs text-base-content/70">
          {t('payments:finance.surplus.noteHint')}
        </p>
      )}
      <div>
        <button type="button" className="btn btn-sm btn-primary" disabled={!hydrated || sending} onClick={ask}>
          {t('payments:finance.surplus.record')}
        </button>
      </div>
      <dialog ref={dialog} className="modal" aria-labelledby={`${id}-ask`}>
        <div className="modal-box w-[446px] max-w-[92vw]">
          <p id={`${id}-ask`} className="text-base font-medium">
            {t(`payments:finance.surplus.${orderNumber === null ? 'askStatement' : 'ask'}.${outcome}`, {
              order: orderNumber ?? '',
              amount: formatAmount(amount),
              target: targetNumber,
            })}
          </p>
          <div className="modal-action">
            <button type="button" className="btn btn-ghost" onClick={() => dialog.current?.close()}>
              {t('payments:finance.ask.cancel')}
            </button>
            <button type="button" className="btn btn-primary" onClick={() => void record()}>
              {t('payments:finance.ask.ok')}
            </button>
          </div>
        </div>
      </dialog>
    </div>
  );
}
