import { useState } from 'react';
import { ApiError, apiPost } from '@/client/api';
import { navigate } from '@/client/navigation';
import { getT } from '@/i18n';
import { applicationResultPath } from '@/lib/applications/result-path';
import type { Locale } from '@/lib/locales';
import FormAlert from '../shared/FormAlert';
import IslandForm from '../shared/IslandForm';

interface Props {
  locale: Locale;
  /** The flow's endpoint, answering the new application. */
  endpoint: string;
  /** The button's words (a translation key). */
  label: string;
}

/**
 * Sends a member's application that needs nothing more than a press (a renewal), then shows its
 * result page; a second press while sending does nothing.
 */
export default function SubmitFlow({ locale, endpoint, label }: Props) {
  const t = getT(locale);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setAlert(null);
    try {
      const app = await apiPost<{ applicationId: number; type: string }>(endpoint, {}, { suppressErrorToast: true });
      navigate(applicationResultPath({ id: app.applicationId, type: app.type }, locale));
    } catch (error) {
      setAlert(error instanceof ApiError ? error.message : t('errors:-999'));
      setBusy(false);
    }
  };

  return (
    <IslandForm onSubmit={submit} busy={busy}>
      <FormAlert message={alert} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? t('account:common.submitting') : t(label)}
      </button>
    </IslandForm>
  );
}
