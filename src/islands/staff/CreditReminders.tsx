import { useRef, useState } from 'react';
import { ApiError, apiPost } from '@/client/api';
import { getT } from '@/i18n';
import { formatDateTime } from '@/lib/format';
import type { Locale } from '@/lib/locales';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import FormAlert from '../shared/FormAlert';

export interface ReminderMember {
  accountId: number;
  name: string;
  email: string;
  /** What their certificates ending soon are, in a line. */
  certificates: string;
  mayRemind: boolean;
  /** When they were last reminded, as the reader reads it ('' if never). */
  remindedAt: string;
}

/**
 * The report's "Last reminded" cells (`data-reminded-for`, rendered by the page): the members just
 * mailed show the time at once, without a reload.
 */
function showReminded(accountIds: number[], time: string): void {
  for (const id of accountIds)
    for (const cell of document.querySelectorAll<HTMLElement>(`[data-reminded-for="${id}"]`)) cell.textContent = time;
}

/**
 * The compliance report's reminder form: tick members (every one who may be reminded is ticked at
 * first), confirm how many, and mail them. Members reminded within the window cannot be ticked;
 * the server skips them anyway and says how many it sent; the report's table shows the new times.
 */
export default function CreditReminders({
  locale,
  horizon,
  reminderDays,
  members,
}: {
  locale: Locale;
  horizon: number;
  reminderDays: number;
  members: ReminderMember[];
}) {
  const t = getT(locale);
  // Those mailed from this form are not offered again (the page shows when, once reloaded).
  const [mailed, setMailed] = useState<Map<number, string>>(new Map());
  const dialog = useRef<HTMLDialogElement>(null);
  const eligible = members.filter((m) => m.mayRemind && !mailed.has(m.accountId)).map((m) => m.accountId);
  const [chosen, setChosen] = useState<Set<number>>(new Set(eligible));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'success' } | null>(null);

  const toggle = (id: number, on: boolean) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (chosen.size === 0) {
      setMessage({ text: t('reports:compliance.remindNone'), tone: 'error' });
      return;
    }
    setMessage(null);
    dialog.current?.showModal();
  };

  const send = async () => {
    if (busy) return;
    setBusy(true);
    setMessage(null);
    try {
      const result = await apiPost<{ sent: number[]; skipped: unknown[] }>(
        '/api/amsw1101/reports/compliance/reminders',
        { horizon, accountIds: [...chosen] },
        { suppressErrorToast: true },
      );
      setMessage({
        text: t('reports:compliance.remindDone', { sent: result.sent.length, skipped: result.skipped.length }),
        tone: 'success',
      });
      const time = formatDateTime(new Date(), locale);
      setMailed((previous) => new Map([...previous, ...result.sent.map((id) => [id, time] as const)]));
      showReminded(result.sent, time);
      setChosen(new Set());
    } catch (error) {
      setMessage({ text: error instanceof ApiError ? error.message : String(error), tone: 'error' });
    } finally {
      dialog.current?.close();
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-3" noValidate>
      <p className="text-sm">{t('reports:compliance.remindIntro', { days: reminderDays })}</p>
      <fieldset className="grid gap-2">
        <legend className="sr-only">{t('reports:compliance.remindTitle')}</legend>
        <label className="flex items-center gap-2 font-medium">
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            checked={eligible.length > 0 && eligible.every((id) => chosen.has(id))}
            disabled={eligible.length === 0}
            onChange={(e) => setChosen(new Set(e.target.checked ? eligible : []))}
          />
          {t('reports:compliance.remindSelectAll')}
        </label>
        <ul className="grid max-h-80 gap-1 overflow-y-auto rounded-box bg-base-200 p-3">
          {members.map((m) => (
            <li key={m.accountId}>
              <label className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  className="checkbox checkbox-sm mt-0.5"
                  checked={chosen.has(m.accountId)}
                  disabled={!m.mayRemind || mailed.has(m.accountId)}
                  onChange={(e) => toggle(m.accountId, e.target.checked)}
                />
                <span className="min-w-0">
                  <span className="font-medium">{m.name}</span> <span className="break-all">{m.email}</span>
                  <span className="block text-base-content/80">
                    {m.certificates}
                    {(mailed.get(m.accountId) ?? m.remindedAt) &&
                      ` · ${t('reports:compliance.remindRecent', { time: mailed.get(m.accountId) ?? m.remindedAt })}`}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <FormAlert message={message?.text ?? null} tone={message?.tone ?? 'error'} />
      <div>
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
          {t('reports:compliance.remindSend', { count: chosen.size })}
        </button>
      </div>
      <ConfirmDialog
        ref={dialog}
        text={t('reports:compliance.remindConfirm', { count: chosen.size })}
        cancel={t('reports:compliance.remindCancel')}
        confirm={t('reports:compliance.remindSend', { count: chosen.size })}
        onConfirm={() => void send()}
        busy={busy}
      />
    </form>
  );
}
