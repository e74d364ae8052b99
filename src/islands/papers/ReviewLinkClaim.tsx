import { useRef, useState } from 'react';
import { ApiError, apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { localePath } from '@/lib/paths';
import { ChoiceList } from '../shared/ChoiceList';
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
      <ChoiceList
        name="declaration"
        legend={t('papers:review.claim.legend')}
        legendClassName="text-base font-semibold"
        aria-describedby="claim-declare-text"
        cards
        choices={['none', 'conflict'] as const}
        label={(d) => t(`papers:review.declare.${d}`)}
        value={declaration}
        onChange={(d) => {
          setDeclaration(d);
          setMissing(false);
        }}
        error={missing ? t('papers:review.claim.chooseOne') : undefined}
      >
        <p id="claim-declare-text" className="mb-3 text-sm">
          {t('papers:review.declare.text')}
        </p>
      </ChoiceList>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {busy ? t('papers:review.claim.working') : t('papers:review.claim.submit')}
      </button>
    </IslandForm>
  );
}
