import { useState } from 'react';
import { ApiError, apiPost } from '@/client/api';
import { navigate } from '@/client/navigation';
import { getT } from '@/i18n';
import { applicationResultPath } from '@/lib/applications/result-path';
import type { Locale } from '@/lib/locales';
import FormAlert from '../shared/FormAlert';
import IslandForm from '../shared/IslandForm';
import { AgreeTerms, type DocumentSlot, DocumentSlots, useDocumentUploads } from './document-slots';

interface Props {
  locale: Locale;
  memberClassId: number;
  documents: DocumentSlot[];
}

/**
 * A member's application to move to another class: the class's documents, the terms accepted,
 * then sent; a second press while sending does nothing.
 */
export default function UpgradeForm({ locale, memberClassId, documents }: Props) {
  const t = getT(locale);
  const uploads = useDocumentUploads(locale, documents, {});
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!uploads.check()) {
      setAlert(t('membership:join.missing'));
      return;
    }
    if (!agreed) {
      setAlert(t('membership:join.agreeNeeded'));
      document.getElementById('agree-terms')?.focus();
      return;
    }
    setBusy(true);
    setAlert(null);
    try {
      const app = await apiPost<{ applicationId: number; type: string }>(
        '/api/amsw0402/upgrade',
        { memberClassId, documents: uploads.chosen(), agreeTerms: true },
        { suppressErrorToast: true },
      );
      navigate(applicationResultPath({ id: app.applicationId, type: app.type }, locale));
    } catch (error) {
      setAlert(error instanceof ApiError ? error.message : t('errors:-999'));
      setBusy(false);
    }
  };

  const working = busy || uploads.uploading !== null;
  return (
    <IslandForm onSubmit={submit} busy={working}>
      <FormAlert message={alert} />
      <DocumentSlots locale={locale} documents={documents} uploads={uploads} />
      <AgreeTerms locale={locale} agreed={agreed} onChange={setAgreed} />
      <button type="submit" className="btn btn-primary" disabled={working}>
        {busy ? t('account:common.submitting') : t('membership:upgrade.submit')}
      </button>
    </IslandForm>
  );
}
