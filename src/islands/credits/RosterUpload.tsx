import { useState } from 'react';
import { z } from 'zod';
import { ApiError, apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { showToast } from '@/stores/toast';
import { type DocumentSlot, DocumentSlots, useDocumentUploads } from '../membership/document-slots';
import FormAlert from '../shared/FormAlert';
import IslandForm from '../shared/IslandForm';
import { useForm } from '../shared/use-form';

/** A large roster takes the server a while to match and post: wait longer than for a form. */
const ROSTER_TIMEOUT_MS = 120_000;

/** The form has no fields of its own: its files are its uploads. */
const NO_FIELDS = z.object({});

/**
 * The organisation sends an accredited course's attendance roster with the signed sheet: each
 * file is uploaded as it is chosen, then the roster is sent; the server matches its lines and
 * posts the points, and the page shows the roster's report. Pressed twice, it sends once.
 */
export default function RosterUpload({ locale, applicationId }: { locale: Locale; applicationId: number }) {
  const t = getT(locale);
  const slots: DocumentSlot[] = [
    {
      key: 'roster',
      name: t('credits:organ.attendance.roster'),
      required: true,
      purpose: 'roster',
      hint: t('credits:organ.attendance.rosterHint'),
    },
    {
      key: 'signedSheet',
      name: t('credits:organ.attendance.signedSheet'),
      required: true,
      purpose: 'signedSheet',
      hint: t('credits:organ.attendance.signedSheetHint'),
    },
  ];
  const uploads = useDocumentUploads(locale, slots, {});
  const form = useForm({ schema: NO_FIELDS, initial: {}, labels: {}, t, others: uploads });
  const [busy, setBusy] = useState(false);

  const onSubmit = (event: React.SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || uploads.uploading) return;
    void form.submit(sendRoster);
  };

  const sendRoster = async () => {
    setBusy(true);
    try {
      const report = await apiPost<{ entries: { posted: number; unchanged: number; withdrawn: number } }>(
        '/api/amsw0603/roster',
        {
          applicationId,
          rosterFileId: uploads.files.roster!.fileId,
          signedSheetFileId: uploads.files.signedSheet!.fileId,
        },
        { suppressErrorToast: true, timeoutMs: ROSTER_TIMEOUT_MS },
      );
      showToast({ message: t('credits:organ.attendance.done', report.entries), type: 'success' });
      window.location.reload();
    } catch (error) {
      setBusy(false);
      form.setFormError(error instanceof ApiError && error.code !== null ? error.message : t('errors:-999'));
    }
  };

  return (
    <IslandForm onSubmit={onSubmit} busy={busy}>
      <FormAlert message={form.formError} />
      <div className="grid gap-4 md:grid-cols-2">
        <DocumentSlots locale={locale} documents={slots} uploads={uploads} />
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy || uploads.uploading !== null}>
        {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {busy ? t('credits:organ.attendance.uploading') : t('credits:organ.attendance.upload')}
      </button>
    </IslandForm>
  );
}
