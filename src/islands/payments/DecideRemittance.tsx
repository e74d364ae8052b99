import { useState } from 'react';
import { ApiError, apiPost } from '@/client/api';
import { getT } from '@/i18n';
import { formatAmount } from '@/lib/format';
import type { Locale } from '@/lib/locales';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { TextAreaField } from '../shared/Field';
import { useConfirm } from '../shared/use-confirm';
import { useHydrated } from '../shared/use-hydrated';
import FinanceDecision from './FinanceDecision';
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
  const confirm = useConfirm();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [asked, setAsked] = useState<'confirm' | 'reject' | null>(null);
  const noteId = `remittance-note-${remittanceId}`;

  /** Asks before deciding (a confirmed transfer pays the order, and neither can be undone here). */
  const ask = (decision: 'confirm' | 'reject') => {
    if (decision === 'reject' && note.trim() === '') {
      setNoteError(t('payments:finance.noteNeeded'));
      document.getElementById(noteId)?.focus();
      return;
    }
    setAsked(decision);
    confirm.open();
  };

  const decide = (decision: 'confirm' | 'reject') =>
    confirm.run(
      async () => {
        confirm.close();
        setError(null);
        const done = await apiPost<{ outcome: Outcome }>(
          '/api/amsw0502/remittances/decide',
          { remittanceId, decision, note: note.trim() },
          { suppressErrorToast: true },
        );
        setOutcome(done.outcome);
        announceDone('transfers');
      },
      (failure) => setError(failure instanceof ApiError ? failure.message : t('payments:finance.failed')),
    );

  return (
    <FinanceDecision
      done={outcome && t(`payments:finance.done.${outcome}`, { order: orderNumber })}
      warn={outcome === 'surplus'}
      error={error}
    >
      <TextAreaField
        id={noteId}
        name={noteId}
        label={t('payments:finance.note')}
        hint={noteError ? undefined : t('payments:finance.noteHint')}
        error={noteError ?? undefined}
        rows={2}
        maxLength={1000}
        value={note}
        disabled={!hydrated}
        onChange={(value) => {
          setNote(value);
          setNoteError(null);
        }}
      />
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-sm btn-primary"
          disabled={!hydrated || confirm.pending}
          onClick={() => ask('confirm')}
        >
          {t('payments:finance.confirm')}
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline"
          disabled={!hydrated || confirm.pending}
          onClick={() => ask('reject')}
        >
          {t('payments:finance.reject')}
        </button>
      </div>
      <ConfirmDialog
        ref={confirm.ref}
        text={asked ? t(`payments:finance.ask.${asked}`, { order: orderNumber, amount: formatAmount(amount) }) : ''}
        cancel={t('payments:finance.ask.cancel')}
        confirm={t('payments:finance.ask.ok')}
        onConfirm={() => asked && void decide(asked)}
      />
    </FinanceDecision>
  );
}
