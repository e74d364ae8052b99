import { useState } from 'react';
import { ApiError, apiPost } from '@/client/api';
import { navigate } from '@/client/navigation';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { localePath } from '@/lib/paths';
import FormAlert from '../shared/FormAlert';
import IslandForm from '../shared/IslandForm';
import { AgreeTerms } from './document-slots';

interface Props {
  locale: Locale;
  memberClassId: number;
  documents: { key: string; fileId: number }[];
}

/** The last step of joining: accept the terms and send; a second press while sending does nothing. */
export default function SubmitJoin({ locale, memberClassId, documents }: Props) {
  const t = getT(locale);
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!agreed) {
      setAlert(t('membership:join.agreeNeeded'));
      document.getElementById('agree-terms')?.focus();
      return;
    }
    setBusy(true);
    setAlert(null);
    try {
      const app = await apiPost<{ applicationId: number }>(
        '/api/amsw0401/join',
        { memberClassId, documents, agreeTerms: true },
        { suppressErrorToast: true },
      );
      navigate(`${localePath('/signinResult', locale)}?applicationId=${app.applicationId}`);
    } catch (error) {
      setAlert(error instanceof ApiError ? error.message : t('errors:-999'));
      setBusy(false);
    }
  };

  return (
    <IslandForm onSubmit={submit} busy={busy}>
      <FormAlert message={alert} />
      <AgreeTerms locale={locale} agreed={agreed} onChange={setAgreed} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? t('account:common.submitting') : t('membership:join.submit')}
      </button>
    </IslandForm>
  );
}
