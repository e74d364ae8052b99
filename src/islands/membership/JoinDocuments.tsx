import { z } from 'zod';
import { navigate } from '@/client/navigation';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { localePath } from '@/lib/paths';
import FormAlert from '../shared/FormAlert';
import IslandForm from '../shared/IslandForm';
import { useForm } from '../shared/use-form';
import { type ChosenFiles, type DocumentSlot, DocumentSlots, useDocumentUploads } from './document-slots';

interface Props {
  locale: Locale;
  memberClassId: number;
  documents: DocumentSlot[];
  /** Documents uploaded already (coming back from the check page): key → file. */
  initial: ChosenFiles;
}

/** The form has no fields of its own: its documents are its uploads. */
const NO_FIELDS = z.object({});

/** The documents of an application to join, then on to the check page with the files named in the address. */
export default function JoinDocuments({ locale, memberClassId, documents, initial }: Props) {
  const t = getT(locale);
  const uploads = useDocumentUploads(locale, documents, initial);
  const form = useForm({ schema: NO_FIELDS, initial: {}, labels: {}, t, others: uploads });

  const next = (event: React.FormEvent) => {
    event.preventDefault();
    void form.submit(async () => {
      const query = new URLSearchParams({ memberClassId: String(memberClassId) });
      for (const { key, fileId } of uploads.chosen()) query.set(`doc_${key}`, String(fileId));
      navigate(`${localePath('/signinCheck', locale)}?${query}`);
    });
  };

  return (
    <IslandForm onSubmit={next} busy={uploads.uploading !== null}>
      <FormAlert message={form.formError} />
      <DocumentSlots locale={locale} documents={documents} uploads={uploads} />
      <button type="submit" className="btn btn-primary" disabled={uploads.uploading !== null}>
        {t('membership:join.continue')}
      </button>
    </IslandForm>
  );
}
