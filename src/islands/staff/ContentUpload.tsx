import { useRef, useState } from 'react';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import type { ContentFileUploaded } from '@/lib/schemas/content-home';
import { useHydrated } from '../shared/use-hydrated';
import { uploadForm } from '@/client/upload';

/** What the desk takes, by kind, as the file chooser offers it (the server reads the type from the bytes). */
const KINDS = {
  image: {
    types: ['image/jpeg', 'image/png', 'image/webp'],
    accept: '.jpg,.jpeg,.png,.webp',
    hint: 'uploadHintImages',
  },
  pdf: { types: ['application/pdf'], accept: '.pdf', hint: 'uploadHintPdf' },
} as const;

/** Sends a file to the files desk, telling how far the upload has gone (0 to 1). */
function send(file: File, locale: Locale, fallback: string, onProgress: (done: number) => void) {
  const form = new FormData();
  form.set('file', file);
  return uploadForm<ContentFileUploaded>('/api/amsw1101/content/files/upload', form, locale, fallback, onProgress);
}

/**
 * A file chooser that uploads at once to the files desk with a progress bar, says when a picture
 * was scaled down, and offers to try again after a failure. Checked here first (type and size)
 * and again on the server from the bytes.
 */
export default function ContentUpload({
  locale,
  id,
  label,
  maxFileMb,
  only,
  onUploaded,
}: {
  locale: Locale;
  id: string;
  label: string;
  maxFileMb: number;
  /** Pictures or PDF files only; both when absent. */
  only?: keyof typeof KINDS;
  onUploaded: (file: ContentFileUploaded) => void;
}) {
  const t = getT(locale);
  const f = (key: string, values: Record<string, string | number> = {}) => t(`contentDesk:files.${key}`, values);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploading, setUploading] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const chosen = useRef<File | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // Rendered on the server before its handler exists: a file chosen then would be lost.
  const hydrated = useHydrated();
  const kinds = only ? [KINDS[only]] : Object.values(KINDS);
  const types = kinds.flatMap((kind) => kind.types);
  const accept = [...types, ...kinds.map((kind) => kind.accept)].join(',');

  const upload = async (file: File | undefined) => {
    if (!file || uploading) return;
    setFailure(null);
    setDone(null);
    if ((file.type && !(types as readonly string[]).includes(file.type)) || file.size > maxFileMb * 1024 * 1024) {
      setFailure(file.size > maxFileMb * 1024 * 1024 ? f('tooLarge', { mb: maxFileMb }) : f('wrongType'));
      chosen.current = null;
      if (input.current) input.current.value = '';
      return;
    }
    chosen.current = file;
    setUploading(file.name);
    setProgress(0);
    try {
      const stored = await send(file, locale, f('uploadFailed'), setProgress);
      setProgress(1);
      const resized = stored.resizedFrom
        ? ` ${f('resized', {
            from: `${stored.resizedFrom.width} × ${stored.resizedFrom.height}`,
            to: `${stored.width} × ${stored.height}`,
          })}`
        : '';
      setDone(f('uploaded', { name: stored.name }) + resized);
      chosen.current = null;
      onUploaded(stored);
    } catch (cause) {
      setProgress(null);
      setFailure(cause instanceof Error ? cause.message : f('uploadFailed'));
    } finally {
      setUploading(null);
      if (input.current) input.current.value = '';
    }
  };

  const percent = progress === null ? null : Math.round(progress * 100);
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept={accept}
        disabled={!hydrated || uploading !== null}
        className={`file-input file-input-bordered w-full max-w-md ${failure ? 'file-input-error' : ''}`}
        aria-invalid={failure ? true : undefined}
        aria-describedby={`${id}-hint ${id}-status${failure ? ` ${id}-error` : ''}`}
        onChange={(event) => void upload(event.target.files?.[0])}
      />
      <p id={`${id}-hint`} className="text-xs text-base-content/70">
        {f(only ? KINDS[only].hint : 'uploadHint', { mb: maxFileMb })}
      </p>
      {percent !== null && (
        <progress
          className="progress progress-primary w-full max-w-md"
          value={percent}
          max={100}
          aria-label={f('uploadProgress')}
          aria-valuetext={`${percent}%`}
        />
      )}
      <p id={`${id}-status`} className="text-sm" role="status">
        {uploading ? f('uploading', { name: uploading }) : (done ?? '')}
      </p>
      {failure && (
        <p id={`${id}-error`} className="text-sm text-error">
          {failure}
        </p>
      )}
      {failure && chosen.current && (
        <div>
          <button
            type="button"
            className="btn btn-sm btn-outline"
            onClick={() => void upload(chosen.current ?? undefined)}
          >
            {f('retry')}
          </button>
        </div>
      )}
    </div>
  );
}
