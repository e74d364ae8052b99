import { useId, useRef, useState } from 'react';
import { ApiError, apiGet, apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import FormAlert from '../shared/FormAlert';
import { useHydrated } from '../shared/use-hydrated';
import { useQueueRemind } from './QueueRemindAll';

export interface QueueHolder {
  assignmentId: number;
  name: string;
  /** The holder's due date and last reminder, as the reader reads them ('' when none). */
  due: string;
  reminded: string;
  conflict: boolean;
}

interface Reviewer {
  accountId: number;
  name: string;
  email: string;
  openLoad: number;
  excluded: 'ownSubject' | 'conflict' | 'assigned' | null;
}

interface Props {
  locale: Locale;
  itemId: number;
  /** The item's number, for the buttons' names to a screen reader. */
  label: string;
  overdue: boolean;
  holders: QueueHolder[];
  /** What the cell says when nobody holds the item. */
  empty: string;
}

/**
 * One open item's holders in the queues' list, with the supervisor's actions: give it to a
 * reviewer (a picker of the queue's reviewers, the least busy first), take it back from one and
 * give it to another, and remind its holders once it is overdue. A change reloads the page; what
 * the page showed (its holders) goes with the change, so a change made since is refused.
 */
export default function QueueItemActions({ locale, itemId, label, overdue, holders, empty }: Props) {
  const t = getT(locale);
  const q = (key: string, values: Record<string, string | number> = {}) => t(`staff:queues.${key}`, values);
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [replacing, setReplacing] = useState<QueueHolder | null>(null);
  const [reviewers, setReviewers] = useState<Reviewer[] | null>(null);
  const [chosen, setChosen] = useState('');
  const [dueOn, setDueOn] = useState('');
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [assigning, setAssigning] = useState(false);
  const hydrated = useHydrated();
  const { remind, reminding, message } = useQueueRemind(locale, { itemId });
  const busy = assigning || reminding;

  const failure = (caught: unknown) => (caught instanceof ApiError ? caught.message : String(caught));

  const open = async (holder: QueueHolder | null) => {
    setReplacing(holder);
    setChosen('');
    setDueOn('');
    setDialogError(null);
    setReviewers(null);
    dialog.current?.showModal();
    try {
      const found = await apiGet<{ reviewers: Reviewer[] }>('/api/amsw1101/queues/reviewers', {
        query: { itemId },
        suppressErrorToast: true,
      });
      setReviewers(found.reviewers);
    } catch (caught) {
      setReviewers([]);
      setDialogError(failure(caught));
    }
  };

  const assign = async () => {
    if (busy) return;
    if (chosen === '') {
      setDialogError(q('choose'));
      document.getElementById(`${id}-reviewer`)?.focus();
      return;
    }
    setAssigning(true);
    setDialogError(null);
    try {
      await apiPost(
        '/api/amsw1101/queues/assign',
        {
          itemId,
          reviewerId: Number(chosen),
          replaces: replacing?.assignmentId ?? null,
          holders: holders.map((h) => h.assignmentId),
          ...(dueOn ? { dueOn } : {}),
        },
        { suppressErrorToast: true },
      );
      window.location.reload();
    } catch (caught) {
      setDialogError(failure(caught));
      setAssigning(false);
    }
  };

  return (
    <div className="grid gap-1">
      {holders.length === 0 ? (
        <div>{empty}</div>
      ) : (
        <ul className="grid gap-1">
          {holders.map((h) => (
            <li key={h.assignmentId} className="flex flex-wrap items-center gap-x-2">
              <span>{h.name}</span>
              <span className="text-xs text-base-content/70">
                {[h.due && q('holderDue', { date: h.due }), h.reminded && q('reminded', { time: h.reminded })]
                  .filter(Boolean)
                  .join(' · ')}
                {h.conflict && ` · ${q('conflictDeclared')}`}
              </span>
              <button
                type="button"
                className="btn btn-ghost btn-xs"
                aria-label={`${q('reassign')} ${h.name} ${label}`}
                disabled={busy || !hydrated}
                onClick={() => void open(h)}
              >
                {q('reassign')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-1">
        <button
          type="button"
          className="btn btn-outline btn-xs"
          aria-label={`${q('assign')} ${label}`}
          disabled={busy || !hydrated}
          onClick={() => void open(null)}
        >
          {q('assign')}
        </button>
        {overdue && holders.length > 0 && (
          <button
            type="button"
            className="btn btn-outline btn-warning btn-xs"
            aria-label={`${q('remind')} ${label}`}
            disabled={busy || !hydrated}
            aria-busy={busy}
            onClick={() => void remind()}
          >
            {q('remind')}
          </button>
        )}
      </div>
      <FormAlert message={message?.text ?? null} tone={message?.tone ?? 'error'} />
      <ConfirmDialog
        ref={dialog}
        title={replacing ? q('reassignTitle', { name: replacing.name }) : q('assignTitle')}
        text={q('assignText')}
        cancel={q('cancel')}
        confirm={q('confirmAssign')}
        onConfirm={() => void assign()}
        busy={busy || reviewers === null}
      >
        {reviewers === null ? (
          <p role="status" className="text-sm">
            {q('loading')}
          </p>
        ) : reviewers.length === 0 && !dialogError ? (
          <p className="text-sm">{q('noReviewers')}</p>
        ) : (
          <div className="grid gap-3">
            <div className="flex flex-col">
              <label htmlFor={`${id}-reviewer`} className="mb-1 text-sm font-medium">
                {q('reviewer')}
              </label>
              <select
                id={`${id}-reviewer`}
                className="select select-bordered w-full"
                value={chosen}
                aria-invalid={dialogError ? true : undefined}
                aria-describedby={dialogError ? `${id}-error` : undefined}
                onChange={(e) => setChosen(e.currentTarget.value)}
              >
                <option value="">{q('choose')}</option>
                {reviewers.map((r) => (
                  <option key={r.accountId} value={r.accountId} disabled={r.excluded !== null}>
                    {`${r.name} · ${q('load', { count: r.openLoad })}${r.excluded ? ` · ${q(`excluded.${r.excluded}`)}` : ''}`}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex flex-col">
              <label htmlFor={`${id}-due`} className="mb-1 text-sm font-medium">
                {q('dueOn')}
              </label>
              <input
                id={`${id}-due`}
                type="date"
                className="input input-bordered w-full"
                value={dueOn}
                aria-describedby={`${id}-due-hint`}
                onChange={(e) => setDueOn(e.currentTarget.value)}
              />
              <p id={`${id}-due-hint`} className="mt-1 text-xs text-base-content/70">
                {q('dueOnHint')}
              </p>
            </div>
          </div>
        )}
        {dialogError && (
          <p id={`${id}-error`} role="alert" className="text-sm text-error">
            {dialogError}
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}
