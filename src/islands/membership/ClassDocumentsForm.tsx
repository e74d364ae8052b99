import { z } from 'zod';
import { apiPost, apiPut } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import FormAlert from '../shared/FormAlert';
import IslandForm from '../shared/IslandForm';
import { useForm } from '../shared/use-form';
import {
  AgreeTerms,
  type ChosenFiles,
  type DocumentSlot,
  DocumentSlots,
  useAgreeTerms,
  useDocumentUploads,
} from './document-slots';
import { useSendApplication } from './use-send-application';

interface Props {
  locale: Locale;
  /** The class's documents. */
  documents: DocumentSlot[];
  /** A new application to move to this class: the documents, the terms accepted, then sent. */
  upgradeTo?: number;
  /**
   * Or an application to join or move returned for changes: the documents as sent before (replace
   * those the reviewer asks about), then sent again to its reviewers.
   */
  resend?: { applicationId: number; chosen: ChosenFiles };
}

/** The form has no fields of its own: its documents are its uploads (and the terms, checked on sending). */
const NO_FIELDS = z.object({});

/** The documents a member class asks for, sent with an application; a second press while sending does nothing. */
export default function ClassDocumentsForm({ locale, documents, upgradeTo, resend }: Props) {
  const t = getT(locale);
  const uploads = useDocumentUploads(locale, documents, resend?.chosen ?? {});
  const { busy, alert, setAlert, send } = useSendApplication(locale);
  const terms = useAgreeTerms(locale, setAlert);
  const form = useForm({ schema: NO_FIELDS, initial: {}, labels: {}, t, others: uploads });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setAlert(null);
    void form.submit(async () => {
      if (!resend && terms.missing()) return;
      await sendDocuments();
    });
  };

  const sendDocuments = () => {
    const options = { suppressErrorToast: true };
    return send(() =>
      resend
        ? apiPut(
            '/api/amsw0101/editForm',
            { applicationId: resend.applicationId, documents: uploads.chosen() },
            options,
          )
        : apiPost(
            '/api/amsw0402/upgrade',
            { memberClassId: upgradeTo, documents: uploads.chosen(), agreeTerms: true },
            options,
          ),
    );
  };

  const working = busy || uploads.uploading !== null;
  return (
    <IslandForm onSubmit={submit} busy={working}>
      <FormAlert message={alert ?? form.formError} />
      <DocumentSlots locale={locale} documents={documents} uploads={uploads} />
      {!resend && <AgreeTerms {...terms.box} />}
      <button type="submit" className="btn btn-primary" disabled={working}>
        {busy
          ? t('account:common.submitting')
          : t(resend ? 'membership:application.resubmit' : 'membership:upgrade.submit')}
      </button>
    </IslandForm>
  );
}
