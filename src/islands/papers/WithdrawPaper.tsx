import { useId, useRef, useState } from 'react';
import { apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { showToast } from '@/stores/toast';

/**
 * Withdraws a paper after asking once, in a labelled modal dialog (focus kept inside while it is
 * open and given back to the button when it closes) with an optional reason.
 */
export default function WithdrawPaper({ locale, paperId }: { locale: Locale; paperId: number }) {
  const t = getT(locale);
  const [busy, setBusy] = useState(false);
  const [reason, setReason] = useState('');
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const pressed = useRef(false);
  const id = useId();

  const close = () => {
    dialog.current?.close();
  };

  const withdraw = async () => {
    if (pressed.current) return;
    pressed.current = true;
    setBusy(true);
    try {
      await apiPost('/api/amsw0701/withdraw', { paperId, reason });
      showToast({ message: t('papers:author.withdraw.done'), type: 'success' });
      window.location.reload();
    } catch {
      pressed.current = false;
      setBusy(false);
    }
  };

  return (
    <>
      <button
        ref={opener}
        type="button"
        className="btn btn-outline"
        disabled={busy}
        onClick={() => dialog.current?.showModal()}
      >
        {t('papers:author.withdraw.button')}
      </button>
      <dialog
        ref={dialog}
        className="modal"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-body`}
        onClose={() => opener.current?.focus()}
      >
        <div className="modal-box w-[446px] max-w-[92vw] space-y-3">
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {t('papers:author.withdraw.title')}
          </h2>
          <p id={`${id}-body`} className="text-sm">
            {t('papers:author.withdraw.body')}
          </p>
          <div className="flex flex-col">
            <label htmlFor={`${id}-reason`} className="mb-1 text-sm font-medium">
              {t('papers:author.withdraw.reason')}
            </label>
            <textarea
              id={`${id}-reason`}
              className="textarea textarea-bordered w-full"
              rows={3}
              maxLength={500}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </div>
          <div className="modal-action">
            <button type="button" className="btn btn-ghost" disabled={busy} onClick={close}>
              {t('papers:author.withdraw.keep')}
            </button>
            <button
              type="button"
              className="btn btn-error"
              disabled={busy}
              aria-busy={busy}
              onClick={() => void withdraw()}
            >
              {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              {busy ? t('papers:author.withdraw.working') : t('papers:author.withdraw.confirm')}
            </button>
          </div>
        </div>
      </dialog>
    </>
  );
}
