import { useState } from 'react';
import { ApiError, apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';

export interface DocumentSlot {
  key: string;
  name: string;
  required: boolean;
  /** What the file is uploaded as (default: an application document, PDF, JPG or PNG). */
  purpose?: 'applicationDocument' | 'roster' | 'signedSheet';
  /** The field's hint instead of the usual one about file types. */
  hint?: string;
}

/** The types each purpose's file field offers to choose (the server reads the type from the bytes). */
const ACCEPT = {
  applicationDocument: 'application/pdf,image/jpeg,image/png',
  signedSheet: 'application/pdf,image/jpeg,image/png',
  roster: '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export type ChosenFiles = Record<string, { fileId: number; name: string }>;

/**
 * The documents of an application (or a course's roster and signed sheet), each uploaded as soon
 * as it is chosen (privately, checked by its bytes on the server, for its slot's purpose). `check()` marks the required ones still missing and focuses
 * the first; it answers whether every required document is there.
 */
export function useDocumentUploads(locale: Locale, documents: DocumentSlot[], initial: ChosenFiles) {
  const t = getT(locale);
  const [files, setFiles] = useState(initial);
  const [uploading, setUploading] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const upload = async (key: string, file: File | undefined, input?: HTMLInputElement) => {
    if (!file) return;
    setUploading(key);
    setErrors((e) => ({ ...e, [key]: '' }));
    // A new choice replaces the one before, sent or refused: no earlier name stays beside it.
    setFiles(({ [key]: _replaced, ...rest }) => rest);
    const form = new FormData();
    form.set('purpose', documents.find((d) => d.key === key)?.purpose ?? 'applicationDocument');
    form.set('file', file);
    try {
      const stored = await apiPost<{ fileId: number; name: string }>('/api/amsw1001/upload', form, {
        suppressErrorToast: true,
      });
      setFiles((f) => ({ ...f, [key]: { fileId: stored.fileId, name: stored.name } }));
    } catch (error) {
      // The refused file is not kept, not even as the field's chosen name.
      if (input) input.value = '';
      setErrors((e) => ({ ...e, [key]: error instanceof ApiError ? error.message : t('errors:-999') }));
    } finally {
      setUploading(null);
    }
  };

  const check = (): boolean => {
    const missing = documents.filter((d) => d.required && !files[d.key]);
    if (missing.length === 0) return true;
    setErrors(Object.fromEntries(missing.map((d) => [d.key, t('membership:join.missing')])));
    document.getElementById(`doc-${missing[0]!.key}`)?.focus();
    return false;
  };

  const chosen = () => Object.entries(files).map(([key, f]) => ({ key, fileId: f.fileId }));

  return { files, uploading, errors, upload, check, chosen };
}

/** One file field per document, with its progress, the name uploaded and its error. */
export function DocumentSlots({
  locale,
  documents,
  uploads,
}: {
  locale: Locale;
  documents: DocumentSlot[];
  uploads: ReturnType<typeof useDocumentUploads>;
}) {
  const t = getT(locale);
  const { files, uploading, errors, upload } = uploads;
  return (
    <>
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
              accept={ACCEPT[d.purpose ?? 'applicationDocument']}
              className={`file-input file-input-bordered w-full ${errors[d.key] ? 'file-input-error' : ''}`}
              aria-describedby={`${id}-hint ${errors[d.key] ? `${id}-error` : ''}`.trim()}
              aria-invalid={errors[d.key] ? true : undefined}
              onChange={(e) => void upload(d.key, e.target.files?.[0], e.target)}
            />
            <p id={`${id}-hint`} className="mt-1 text-xs text-base-content/70" aria-live="polite">
              {uploading === d.key
                ? t('membership:join.uploading')
                : done
                  ? t('membership:join.uploaded', { name: done.name })
                  : (d.hint ?? t(`membership:join.fileHint.${d.purpose ?? 'applicationDocument'}`))}
            </p>
            {errors[d.key] && (
              <p id={`${id}-error`} className="mt-1 text-sm text-error">
                {errors[d.key]}
              </p>
            )}
          </div>
        );
      })}
    </>
  );
}

/**
 * The terms' tick of an application's form: `missing()` asks for it in the form's alert (and
 * focuses the box) while it is not given; `box` are AgreeTerms' props.
 */
export function useAgreeTerms(locale: Locale, setAlert: (alert: string | null) => void) {
  const [agreed, setAgreed] = useState(false);
  const missing = () => {
    if (agreed) return false;
    setAlert(getT(locale)('membership:join.agreeNeeded'));
    document.getElementById('agree-terms')?.focus();
    return true;
  };
  const onChange = (yes: boolean) => {
    setAgreed(yes);
    // The summary asked for this tick: it goes once given.
    if (yes) setAlert(null);
  };
  return { missing, box: { locale, agreed, onChange } };
}

/** The box an applicant ticks to accept the class's rights and duties (`#agree-terms`, focused when missing). */
export function AgreeTerms({
  locale,
  agreed,
  onChange,
}: {
  locale: Locale;
  agreed: boolean;
  onChange: (agreed: boolean) => void;
}) {
  const t = getT(locale);
  return (
    <label className="flex cursor-pointer items-start gap-3">
      <input
        id="agree-terms"
        type="checkbox"
        className="checkbox mt-0.5"
        checked={agreed}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>{t('membership:join.agree')}</span>
    </label>
  );
}
