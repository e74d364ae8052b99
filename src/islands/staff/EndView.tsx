import { useState } from 'react';
import { ApiError, apiPost } from '@/client/api';
import { navigate } from '@/client/navigation';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { localePath } from '@/lib/paths';
import { showToast } from '@/stores/toast';

interface Props {
  locale: Locale;
}

/** Ends the office's look at a member's pages and goes back to that person's story. */
export default function EndView({ locale }: Props) {
  const t = getT(locale);
  const [busy, setBusy] = useState(false);

  const end = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const { accountId } = await apiPost<{ accountId: number | null }>(
        '/api/amsw1101/people/view/end',
        {},
        { suppressErrorToast: true },
      );
      navigate(localePath(accountId === null ? '/staff/people' : `/staff/people/${accountId}`, locale));
    } catch (error) {
      setBusy(false);
      showToast({ message: error instanceof ApiError ? error.message : String(error), type: 'error' });
    }
  };

  return (
    <button type="button" className="btn btn-sm btn-neutral" aria-busy={busy} onClick={() => void end()}>
      {t(busy ? 'staff:people.view.ending' : 'staff:people.view.end')}
    </button>
  );
}
