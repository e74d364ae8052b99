import { useState } from 'react';
import { ApiError, apiPost } from '@/client/api';
import { navigate } from '@/client/navigation';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { localePath } from '@/lib/paths';
import FormAlert from '../shared/FormAlert';
import IslandForm from '../shared/IslandForm';

interface DocumentSlot {
  key: string;
  name: string;
  required: boolean;
}

interface Props {
  locale: Locale;
  memberClassId: number;
  documents: DocumentSlot[];
  /** Documents uploaded already (coming back from the check page): key → file. */
  initial: Record<string, { fileId: number; name: string }>;
}

/**
 * The documents of an application to join: each uploaded as soon as it is chosen (privately,
 * checked by its bytes on the server), then on to the check page with the files named in the address.
 */
export default function JoinDocuments({ locale, memberClassId, documents, initial }: Props) {
  const t = getT(locale);
  const [files, setFiles] = useState(initial);
  const [uploading, setUploading] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);

  const upload = async (key: string, file: File | undefined) => {
    if (!file) return;
    setUploading(key);
    setErrors((e) => ({ ...e, [key]: '' }));
    const form = new FormData();
    form.set('purpose', 'applicationDocument');
    form.set('file', file);
    try {
      const stored = await apiPost<{ fileId: number; name: string }>('/api/amsw1001/upload', form, {
        suppressErrorToast: true,
      });
      setFiles((f) => ({ ...f, [key]: { fileId: stored.fileId, name: stored.name } }));
    } catch (error) {
      setErrors((e) => ({ ...e, [key]: error instanceof ApiError ? error.message : t('errors:-999') }));
    } finally {
      setUploading(null);
    }
  };

  const next = (event: React.FormEvent) => {
    event.preventDefault();
    const missing = documents.filter((d) => d.required && !files[d.key]);
    if (missing.length > 0) {
      setAlert(t('membership:join.missing'));
      setErrors(Object.fromEntries(missing.map((d) => [d.key, t('membership:join.missing')])));
      document.getElementById(`doc-${missing[0]!.key}`)?.focus();
      return;
    }
    const query = new URLSearchParams({ memberClassId: String(memberClassId) });
    for (const [key, file] of Object.entries(files)) query.set(`doc_${key}`, String(file.fileId));
    navigate(`${localePath('/signinCheck', locale)}?${query}`);
  };

  return (
    <IslandForm onSubmit={next} busy={uploading !== null}>
      <FormAlert message={alert} />
      {documents.map((d) => {
        const id = `doc-${d.key}`;
        const done = files[d.key];
        return (
          <div key={d.key} className="flex flex-col">
            <label htmlFor={id} className="mb-1 text-sm font-medium">
              {d.name}
              {!d.required && (
                <span className="font-normal text-base-content/70"> {t('membership:classes.optional')}</span>
              )}
            </label>
            <input
              id={id}
              type="file"
              accept="application/pdf,image/jpeg,image/png"
              className={`file-input file-input-bordered w-full ${errors[d.key] ? 'file-input-error' : ''}`}
              aria-describedby={`${id}-hint ${errors[d.key] ? `${id}-error` : ''}`.trim()}
              aria-invalid={errors[d.key] ? true : undefined}
              onChange={(e) => void upload(d.key, e.target.files?.[0])}
            />
            <p id={`${id}-hint`} className="mt-1 text-xs text-base-content/70" aria-live="polite">
              {uploading === d.key
                ? t('membership:join.uploading')
                : done
                  ? t('membership:join.uploaded', { name: done.name })
                  : t('membership:join.fileHint')}
            </p>
            {errors[d.key] && (
              <p id={`${id}-error`} className="mt-1 text-sm text-error">
                {errors[d.key]}
              </p>
            )}
          </div>
        );
      })}
      <button type="submit" className="btn btn-primary" disabled={uploading !== null}>
        {t('membership:join.continue')}
      </button>
    </IslandForm>
  );
}
