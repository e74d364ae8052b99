import { useState } from 'react';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { logout } from '@/client/logout';
import { useHydrated } from '../shared/use-hydrated';

/**
 * Signs out (toast 登出成功, then /login) and ignores a second press while it runs; it is disabled
 * until hydrated, so an early press is never lost.
 */
export default function LogoutButton({
  locale,
  className = 'btn btn-outline btn-sm',
}: {
  locale: Locale;
  className?: string;
}) {
  const t = getT(locale);
  const [busy, setBusy] = useState(false);
  const ready = useHydrated();
  return (
    <button
      type="button"
      className={className}
      disabled={busy || !ready}
      onClick={async () => {
        setBusy(true);
        try {
          await logout();
        } finally {
          setBusy(false);
        }
      }}
    >
      {t('account:center.logout')}
    </button>
  );
}
