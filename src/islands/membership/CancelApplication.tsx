import { useRef, useState } from 'react';
import { apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { showToast } from '@/stores/toast';

/** Withdraws an open application after asking once (an organisation's course through its own `endpoint`). */
export default function CancelApplication({
  locale,
  applicationId,
  endpoint = '/api/amsw0401/cancel',
}: {
  locale: Locale;
  applicationId: number;
  endpoint?: '/api/amsw0401/cancel' | '/api/amsw0603/cancel';
}) {
  const t = getT(locale);
  const [busy, setBusy] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);

  const cancel = async () => {
    dialog.current?.close();
    setBusy(true);
    try {
      await apiPost(endpoint, { applicationId });
      showToast({ message: t('membership:application.cancelled'), type: 'success' });
      window.location.reload();
    } catch {
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" className="btn btn-outline" disabled={busy} onClick={() => dialog.current?.showModal()}>
        {t('membership:application.cancel')}
      </button>
      <dialog ref={dialog} className="modal" aria-labelledby={`cancel-${applicationId}`}>
        <div className="modal-box w-[446px] max-w-[92vw]">
          <p id={`cancel-${applicationId}`} className="text-base font-medium">
            {t('membership:application.cancelConfirm')}
          </p>
          <div className="modal-action">
            <button type="button" className="btn btn-ghost" onClick={() => dialog.current?.close()}>
              {t('membership:application.keep')}
            </button>
            <button type="button" className="btn btn-primary" onClick={() => void cancel()}>
              {t('membership:application.cancel')}
            </button>
          </div>
        </div>
      </dialog>
    </>
  );
}
