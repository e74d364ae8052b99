import { useId, useRef, useState } from 'react';
import { ApiError, apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { ConfirmDialog } from '../shared/ConfirmDialog';

interface Props {
  locale: Locale;
  accountId: number;
  name: string;
  closed: boolean;
}

/** Closes an account, or reopens a closed one, with a reason, after a confirmation; then the page again. */
export default function AccountClosure({ locale, accountId, name, closed }: Props) {
  const t = getT(locale);
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const c = (key: string, values: Record<string, string> = {}) => t(`staff:people.close.${key}`, values);

  const send = async () => {
    if (busy) return;
    if (reason.trim() === '') {
      setError(t('account:validation.reason'));
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await apiPost('/api/amsw1101/people/close', { accountId, close: !closed, reason }, { suppressErrorToast: true });
      window.location.reload();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : String(caught));
      setBusy(false);
    }
  };

  return (
    <div>
      <button type="button" className="btn btn-outline btn-sm" onClick={() => dialog.current?.showModal()}>
        {c(closed ? 'reopen' : 'close')}
      </button>
      <ConfirmDialog
        ref={dialog}
        title={c(closed ? 'reopenTitle' : 'closeTitle', { name })}
        text={c(closed ? 'reopenBody' : 'closeBody')}
        cancel={t('staff:people.correct.cancel')}
        confirm={busy ? c('working') : c(closed ? 'reopen' : 'close')}
        onConfirm={() => void send()}
        danger={!closed}
        busy={busy}
      >
        <div className="flex flex-col">
          <label htmlFor={`${id}-reason`} className="mb-1 text-sm font-medium">
            {c('reason')}
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
