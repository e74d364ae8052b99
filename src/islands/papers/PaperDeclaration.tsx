import { useRef, useState } from 'react';
import { ApiError, apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import FormAlert from '../shared/FormAlert';
import { useHydrated } from '../shared/use-hydrated';
import { reloadWith } from '../shared/ConfirmDialog';

/**
 * A paper reviewer's declaration of interests before the paper is shown: no conflict opens it, a
 * conflict declines the review. The page reloads to show what follows.
 */
export default function PaperDeclaration({ locale, paperId }: { locale: Locale; paperId: number }) {
  const t = getT(locale);
  const hydrated = useHydrated();
  const [busy, setBusy] = useState<'none' | 'conflict' | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  // One request per press, however fast the second one comes.
  const sending = useRef(false);

  const declare = async (declaration: 'none' | 'conflict') => {
    if (sending.current) return;
    sending.current = true;
    setBusy(declaration);
    setAlert(null);
    try {
      await apiPost('/api/amsw0801/declare', { paperId, declaration }, { suppressErrorToast: true });
      reloadWith(declaration === 'none' ? 'declared' : 'conflict');
    } catch (error) {
      setAlert(error instanceof ApiError ? error.message : t('errors:-999'));
      sending.current = false;
      setBusy(null);
    }
  };

  return (
    <div className="space-y-3" aria-busy={busy !== null}>
      <FormAlert message={alert} />
      <div className="flex flex-wrap gap-3">
        {(['none', 'conflict'] as const).map((d) => (
          <button
            key={d}
            type="button"
            className={d === 'none' ? 'btn btn-primary' : 'btn btn-outline'}
            disabled={!hydrated || busy !== null}
            aria-describedby="paper-declare-text"
            onClick={() => void declare(d)}
          >
            {busy === d && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t(`papers:review.declare.${d}`)}
          </button>
        ))}
      </div>
    </div>
  );
}
