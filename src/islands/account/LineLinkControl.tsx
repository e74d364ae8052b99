import { useState } from 'react';
import { apiGet } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { showToast } from '@/stores/toast';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { useConfirm } from '../shared/use-confirm';

/** Link or unlink LINE from the member area; unlinking asks first in a dialog. */
export default function LineLinkControl({ locale, linked }: { locale: Locale; linked: boolean }) {
  const t = getT(locale);
  const [linking, setLinking] = useState(false);
  const confirm = useConfirm();
  const busy = linking || confirm.pending;

  const link = async () => {
    setLinking(true);
    try {
      const { authorizeUrl } = await apiGet<{ authorizeUrl: string }>('/api/amsw0101/lineAuthorize');
      window.location.assign(authorizeUrl);
    } catch {
      setLinking(false);
    }
  };
  const unlink = () =>
    confirm.run(async () => {
      confirm.close();
      await apiGet('/api/amsw0101/unlinkLine');
      showToast({ message: t('account:line.unlinked'), type: 'success' });
      window.location.reload();
    });

  return (
    <div>
      {linked ? (
        <button type="button" className="btn btn-outline btn-sm" disabled={busy} onClick={confirm.open}>
          {t('account:line.unlink')}
        </button>
      ) : (
        <button type="button" className="btn btn-success btn-sm" disabled={busy} onClick={() => void link()}>
          {t('account:line.link')}
        </button>
      )}
      <ConfirmDialog
        ref={confirm.ref}
        text={t('account:line.unlinkConfirm')}
        cancel={t('account:line.cancel')}
        confirm={t('account:line.confirm')}
        onConfirm={() => void unlink()}
      />
    </div>
  );
}
