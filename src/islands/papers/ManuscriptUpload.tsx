import { useRef, useState } from 'react';
import { getT } from '@/i18n';
import { fileSize } from '@/lib/file-meta';
import type { Locale } from '@/lib/locales';
import { uploadForm } from '@/client/upload';

export interface Manuscript {
  fileId: number;
  name: string;
  size: number;
  /** False: the author details stored in the PDF could not be removed. */
  metadataStripped: boolean | null;
}

/** Sends a manuscript as a paper's upload, telling how far it has gone (0 to 1). */
async function send(file: File, locale: Locale, fallback: string, onProgress: (done: number) => void) {
  const form = new FormData();
  form.set('purpose', 'paperManuscript');
  form.set('file', file);
  const { fileId, name, size, metadataStripped } = await uploadForm<{
    fileId: number;
    name: string;
    size: number;
    metadataStripped?: boolean;
  }>('/api/amsw1001/upload', form, locale, fallback, onProgress);
  return { fileId, name, size, metadataStripped: metadataStripped ?? null } satisfies Manuscript;
}

/**
 * The paper's manuscript: uploaded as soon as it is chosen, with a progress bar and a retry after
 * a failure; checked first here (a PDF, by its type and name, within the call's size) and again
 * by the server from its bytes. Shows the current file, and the warning when its author details
 * could not be removed.
 */
export default function ManuscriptUpload({
  locale,
  manuscript,
  onUploaded,
  maxFileMb,
  blind,
  disabled,
  error,
}: {
  locale: Locale;
  manuscript: Manuscript | null;
  onUploaded: (manuscript: Manuscript) => void;
  maxFileMb: number;
  blind: boolean;
  disabled: boolean;
  error: string | undefined;
}) {
  const t = getT(locale);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploading, setUploading] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [retryable, setRetryable] = useState(false);
  const chosen = useRef<File | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = 'field-manuscript';

  const upload = async (file: File | undefined) => {
    if (!file || uploading) return;
    setFailure(null);
    setRetryable(false);
    const isPdf = file.type === 'application/pdf' && /\.pdf$/i.test(file.name);
    if (!isPdf || file.size > maxFileMb * 1024 * 1024) {
      setFailure(isPdf ? t('papers:author.form.tooLarge', { mb: maxFileMb }) : t('papers:author.form.notPdf'));
      setProgress(null);
      if (input.current) input.current.value = '';
      return;
    }
    chosen.current = file;
    setUploading(file.name);
    setProgress(0);
    try {
      const stored = await send(file, locale, t('papers:author.form.uploadFailed'), setProgress);
      setProgress(1);
      onUploaded(stored);
    } catch (cause) {
      setProgress(null);
      setFailure(cause instanceof Error ? cause.message : t('papers:author.form.uploadFailed'));
      setRetryable(true);
    } finally {
      setUploading(null);
      if (input.current) input.current.value = '';
    }
  };

  const shown = failure ?? error;
  const percent = progress === null ? null : Math.round(progress * 100);
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {t('papers:author.form.manuscript')}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept="application/pdf,.pdf"
        disabled={disabled || uploading !== null}
        className={`file-input file-input-bordered w-full ${shown ? 'file-input-error' : ''}`}
        aria-invalid={shown ? true : undefined}
        aria-describedby={`${id}-hint ${id}-status${shown ? ` ${id}-error` : ''}`}
        onChange={(event) => void upload(event.target.files?.[0])}
      />
      <p id={`${id}-hint`} className="text-xs text-base-content/70">
        {t('papers:author.form.manuscriptHint', { mb: maxFileMb })}
        {blind && ` ${t('papers:author.form.manuscriptBlind')}`}
      </p>
      {percent !== null && (
        <progress
          className="progress progress-primary w-full"
          value={percent}
          max={100}
          aria-label={t('papers:author.form.uploadProgress')}
          aria-valuetext={`${percent}%`}
        />
      )}
      <p id={`${id}-status`} className="text-sm" aria-live="polite">
        {uploading
          ? t('papers:author.form.uploading', { name: uploading })
          : percent === 100 && manuscript
            ? t('papers:author.form.uploaded', { name: manuscript.name })
            : ''}
      </p>
      {shown && (
        <p id={`${id}-error`} className="text-sm text-error">
          {shown}
        </p>
      )}
      {retryable && chosen.current && (
        <div>
          <button
            type="button"
            className="btn btn-sm btn-outline"
            onClick={() => void upload(chosen.current ?? undefined)}
          >
            {t('papers:author.form.retry')}
          </button>
        </div>
      )}
      {manuscript && (
        <p className="text-sm">
          <span className="font-medium">{t('papers:author.form.current')}</span>{' '}
          <a
            className="link break-all"
            href={`/api/amsw1001/file?fileId=${manuscript.fileId}`}
            data-astro-reload
            target="_blank"
            rel="noopener"
          >
            {manuscript.name}
          </a>{' '}
          <span className="text-base-content/70">({fileSize(manuscript.size, locale)})</span>
        </p>
      )}
      {manuscript?.metadataStripped === false && (
        <p className="alert alert-warning text-sm" role="status">
          {t('papers:author.form.metadataKept')}
        </p>
      )}
    </div>
  );
}
