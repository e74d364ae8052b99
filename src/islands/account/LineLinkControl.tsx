import { useRef, useState } from 'react';
import { apiGet } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { showToast } from '@/stores/toast';

/** Link or unlink LINE from the member area; unlinking asks first in a dialog. */
export default function LineLinkControl({ locale, linked }: { locale: Locale; linked: boolean }) {
  const t = getT(locale);
  const [busy, setBusy] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);

  const link = async () => {
    setBusy(true);
    try {
      const { authorizeUrl } = await apiGet<{ authorizeUrl: string }>('/api/amsw0101/lineAuthorize');
      window.location.assign(authorizeUrl);
    } catch {
      setBusy(false);
    }
  };
  const unlink = async () => {
    dialog.current?.close();
    setBusy(true);
    try {
      await apiGet('/api/amsw0101/unlinkLine');
      showToast({ message: t('account:line.unlinked'), type: 'success' });
      window.location.reload();
    } catch {
      setBusy(false);
    }
  };

  return (
    <div>
      {linked ? (
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={busy}
          onClick={() => dialog.current?.showModal()}
        >
          {t('account:line.unlink')}
        </button>
      ) : (
        <button type="button" className="btn btn-success btn-sm" disabled={busy} onClick={() => void link()}>
          {t('account:line.link')}
        </button>
      )}
      <dialog ref={dialog} className="modal" aria-labelledby="unlink-title">
        <div className="modal-box w-[446px] max-w-[92vw]">
          <p id="unlink-title" className="text-base font-medium">
            {t('account:line.unlinkConfirm')}
          </p>
          <div className="modal-action">
            <button type="button" className="btn btn-ghost" onClick={() => dialog.current?.close()}>
              {t('account:line.cancel')}
            </button>
            <button type="button" className="btn btn-primary" onClick={() => void unlink()}>
              {t('account:line.confirm')}
            </button>
          </div>
        </div>
      </dialog>
    </div>
  );
}
