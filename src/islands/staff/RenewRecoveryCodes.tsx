import { useRef, useState } from 'react';
import { apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import FreshCodeForm from './FreshCodeForm';
import RecoveryCodes from './RecoveryCodes';

/** New recovery codes for a fresh code from the app; shown once, then the page again. */
export default function RenewRecoveryCodes({ locale }: { locale: Locale }) {
  const t = getT(locale);
  const [open, setOpen] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  if (codes)
    return (
      <RecoveryCodes t={t} codes={codes} done={t('staff:factor.codesDone')} onDone={() => window.location.reload()} />
    );
  if (!open)
    return (
      <div>
        <button ref={opener} type="button" className="btn btn-outline" onClick={() => setOpen(true)}>
          {t('staff:factor.renewTitle')}
        </button>
      </div>
    );

  return (
    <FreshCodeForm
      t={t}
      intro={t('staff:factor.renewIntro')}
      submit={t('staff:factor.renew')}
      onCancel={() => setOpen(false)}
      send={async (code) => {
        const result = await apiPost<{ recoveryCodes: string[] }>(
          '/api/amsw1101/secondFactor/recoveryCodes',
          { code },
          { suppressErrorToast: true },
        );
        setCodes(result.recoveryCodes);
      }}
    />
  );
}
