import { useRef, useState } from 'react';
import { ApiError, apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { localePath } from '@/lib/paths';
import FormAlert from '../shared/FormAlert';
import IslandForm from '../shared/IslandForm';

/**
 * A mailed review link used: the reviewer's declaration, then with no conflict the paper's review
 * page (this browser now holds access to that one review), with a conflict thanks. The token is
 * read from the address when sent, so the page's markup never holds it (nor a link or a form).
 */
export default function ReviewLinkClaim({ locale }: { locale: Locale }) {
  const t = getT(locale);
  const [declaration, setDeclaration] = useState<'none' | 'conflict' | ''>('');
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const [declined, setDeclined] = useState(false);
  // One request per press, however fast the second one comes.
  const sending = useRef(false);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    if (declaration === '') {
      setMissing(true);
      document.getElementById('field-declaration')?.focus();
      return;
    }
    sending.current = true;
    setBusy(true);
    setAlert(null);
    const token = new URLSearchParams(window.location.search).get('token') ?? '';
    try {
      const answer = await apiPost<{ paperId: number }>(
        '/api/amsw0801/claim',
        { token, declaration },
        { suppressErrorToast: true },
      );
      if (declaration === 'conflict') {
        setDeclined(true);
        return;
      }
      // Replaced: the address with the spent token leaves the tab's history.
      window.location.replace(localePath(`/member/paperReview/${answer.paperId}`, locale));
    } catch (error) {
      setAlert(error instanceof ApiError ? error.message : t('errors:-999'));
      sending.current = false;
      setBusy(false);
    }
  };

  if (declined)
    return (
      <p role="status" className="alert alert-info">
        {t('papers:review.claim.thanks')}
      </p>
    );
  return (
    <IslandForm onSubmit={(e) => void onSubmit(e)} busy={busy}>
      <FormAlert message={alert} />
      <fieldset aria-describedby={`claim-declare-text${missing ? ' field-declaration-error' : ''}`}>
        <legend className="mb-2 text-base font-semibold">{t('papers:review.claim.legend')}</legend>
        <p id="claim-declare-text" className="mb-3 text-sm">
          {t('papers:review.declare.text')}
        </p>
        <div className="space-y-2">
          {(['none', 'conflict'] as const).map((d, i) => (
            <label key={d} className="flex cursor-pointer items-start gap-3 rounded-box border border-base-300 p-3">
              <input
                id={i === 0 ? 'field-declaration' : undefined}
                type="radio"
                name="declaration"
                value={d}
                className="radio mt-0.5"
                checked={declaration === d}
                aria-invalid={missing ? true : undefined}
                onChange={() => {
                  setDeclaration(d);
                  setMissing(false);
                }}
              />
              <span>{t(`papers:review.declare.${d}`)}</span>
            </label>
          ))}
        </div>
        {missing && (
          <p id="field-declaration-error" className="mt-1 text-sm text-error">
            {t('papers:review.claim.chooseOne')}
          </p>
        )}
      </fieldset>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {busy ? t('papers:review.claim.working') : t('papers:review.claim.submit')}
      </button>
    </IslandForm>
  );
}
