import { useState } from 'react';
import { ApiError, apiPost } from '@/client/api';
import { navigate } from '@/client/navigation';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { localePath } from '@/lib/paths';
import { showToast } from '@/stores/toast';

interface Props {
  locale: Locale;
  accountId: number;
}

/** Opens the member's own pages, read-only, in this session (the banner on every page ends it). */
export default function ViewAsMember({ locale, accountId }: Props) {
  const t = getT(locale);
  const [busy, setBusy] = useState(false);

  const open = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await apiPost('/api/amsw1101/people/view', { accountId }, { suppressErrorToast: true });
      navigate(localePath('/member/center', locale));
    } catch (error) {
      setBusy(false);
      showToast({ message: error instanceof ApiError ? error.message : String(error), type: 'error' });
    }
  };

  return (
    <div>
      <button type="button" className="btn btn-outline btn-sm" aria-busy={busy} onClick={() => void open()}>
        {t(busy ? 'staff:people.view.opening' : 'staff:people.view.open')}
      </button>
      <p className="mt-1 text-sm opacity-80">{t('staff:people.view.hint')}</p>
    </div>
  );
}
