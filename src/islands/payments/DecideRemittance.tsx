import { useRef, useState } from 'react';
import { ApiError, apiPost } from '@/client/api';
import { getT } from '@/i18n';
import { formatAmount } from '@/lib/format';
import type { Locale } from '@/lib/locales';
import { useHydrated } from '../shared/use-hydrated';
import { announceDone } from './finance-queue';

interface Props {
  locale: Locale;
  remittanceId: number;
  orderNumber: string;
  /** The NT$ the member reported, named in the confirmation. */
  amount: number;
}

type Outcome = 'applied' | 'surplus' | 'rejected';

/**
 * Finance's decision on one reported transfer: confirm, or reject with a note to the member.
 * One decision is sent however often the buttons are pressed; what it did is said in place
 * (a transfer for an order paid meanwhile is surplus to refund).
 */
export default function DecideRemittance({ locale, remittanceId, orderNumber, amount }: Props) {
  const t = getT(locale);
  const hydrated = useHydrated();
  const busy = useRef(false);
  const [sending, setSending] = useState(false);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [asked, setAsked] = useState<'confirm' | 'reject' | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const noteId = `remittance-note-${remittanceId}`;

  /** Asks before deciding (a confirmed transfer pays the order, and neither can be undone here). */
  const ask = (decision: 'confirm' | 'reject') => {
    if (decision === 'reject' && note.trim() === '') {
      setNoteError(t('payments:finance.noteNeeded'));
      document.getElementById(noteId)?.focus();
      return;
    }
    setAsked(decision);
    dialog.current?.showModal();
  };

  const decide = async () => {
    const decision = asked;
    if (busy.current || !decision) return;
    dialog.current?.close();
    busy.current = true;
    setSending(true);
    setError(null);
    try {
      const done = await apiPost<{ outcome: Outcome }>(
        '/api/amsw0502/remittances/decide',
        { remittanceId, decision, note: note.trim() },
        { suppressErrorToast: true },
      );
      setOutcome(done.outcome);
      announceDone('transfers');
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('payments:finance.failed'));
    } finally {
      busy.current = false;
      setSending(false);
    }
  };

  if (outcome)
    return (
      <p role="status" className={`alert text-sm ${outcome === 'surplus' ? 'alert-warning' : 'alert-success'}`}>
        {t(`payments:finance.done.${outcome}`, { order: orderNumber })}
      </p>
    );

  return (
    <div className="flex min-w-0 flex-col gap-2">
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
      <label htmlFor={noteId} className="text-sm font-medium">
        {t('payments:finance.note')}
      </label>
      <textarea
        id={noteId}
        className={`textarea textarea-bordered w-full ${noteError ? 'textarea-error' : ''}`}
        rows={2}
        maxLength={1000}
        value={note}
        disabled={!hydrated}
        aria-invalid={noteError ? true : undefined}
        aria-describedby={noteError ? `${noteId}-error` : `${noteId}-hint`}
        onChange={(e) => {
          setNote(e.target.value);
          setNoteError(null);
        }}
      />
      {noteError ? (
        <p id={`${noteId}-error`} className="text-sm text-error">
          {noteError}
        </p>
      ) : (
        <p id={`${noteId}-hint`} className="text-xs text-base-content/70">
          {t('payments:finance.noteHint')}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-sm btn-primary"
          disabled={!hydrated || sending}
          onClick={() => ask('confirm')}
        >
          {t('payments:finance.confirm')}
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline"
          disabled={!hydrated || sending}
          onClick={() => ask('reject')}
        >
          {t('payments:finance.reject')}
        </button>
      </div>
      <dialog ref={dialog} className="modal" aria-labelledby={`decide-remittance-${remittanceId}`}>
        <div className="modal-box w-[446px] max-w-[92vw]">
          <p id={`decide-remittance-${remittanceId}`} className="text-base font-medium">
            {asked && t(`payments:finance.ask.${asked}`, { order: orderNumber, amount: formatAmount(amount) })}
          </p>
          <div className="modal-action">
            <button type="button" className="btn btn-ghost" onClick={() => dialog.current?.close()}>
              {t('payments:finance.ask.cancel')}
            </button>
            <button type="button" className="btn btn-primary" onClick={() => void decide()}>
              {t('payments:finance.ask.ok')}
            </button>
          </div>
        </div>
      </dialog>
    </div>
  );
}
