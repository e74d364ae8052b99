import { useState } from 'react';
import { ApiError, apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import FormAlert from '../shared/FormAlert';
import { useHydrated } from '../shared/use-hydrated';

/**
 * The reviewer's declaration of interests before an item's content is shown: no conflict opens
 * the review, a conflict leaves it to another reviewer. The page reloads to show what follows.
 */
export default function ReviewDeclaration({ locale, reviewId }: { locale: Locale; reviewId: number }) {
  const t = getT(locale);
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);

  const declare = async (declaration: 'none' | 'conflict') => {
    if (busy) return;
    setBusy(true);
    setAlert(null);
    try {
      await apiPost('/api/amsw0601/declare', { reviewId, declaration }, { suppressErrorToast: true });
      const next = new URL(window.location.href);
      next.searchParams.set('done', declaration === 'none' ? 'declared' : 'conflict');
      window.location.assign(next.toString());
    } catch (error) {
      setAlert(error instanceof ApiError ? error.message : t('errors:-999'));
      setBusy(false);
    }
  };

  return (
    <div className="space-y-3" aria-busy={busy}>
      <FormAlert message={alert} />
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className="btn btn-primary"
          disabled={!hydrated || busy}
          onClick={() => void declare('none')}
        >
          {t('reviews:item.declareNone')}
        </button>
        <button
          type="button"
          className="btn btn-outline"
          disabled={!hydrated || busy}
          onClick={() => void declare('conflict')}
        >
          {t('reviews:item.declareConflict')}
        </button>
      </div>
    </div>
  );
}
