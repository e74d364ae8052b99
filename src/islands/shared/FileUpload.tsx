import { useRef, useState, type ReactNode } from 'react';
import type { Locale } from '@/lib/locales';
import { uploadForm } from '@/client/upload';

/** The words a file upload says, in the reader's language. */
export interface UploadTexts {
  /** The line while a file goes up, given its name. */
  uploading: (name: string) => string;
  /** The error when the upload failed without a message of its own. */
  failed: string;
  retry: string;
  /** The progress bar's accessible name. */
  progress: string;
}

/** A file chooser that uploads at once with a progress bar, the caller's type and size check first, a clear error and a retry. */
export default function FileUpload<T>({
  locale,
  id,
  label,
  hint,
  accept,
  path,
  fields = {},
  refusal,
  texts,
  done,
  onUploaded,
  disabled,
  error,
  width = 'w-full',
  statusRole = false,
  children,
}: {
  locale: Locale;
  id: string;
  label: string;
  hint: ReactNode;
  /** What the file chooser offers. */
  accept: string;
  /** The API path the file is posted to as the form field `file`. */
  path: string;
  /** Other form fields sent with the file. */
  fields?: Record<string, string>;
  /** Why a chosen file is not sent (its type or size), or null to send it. */
  refusal: (file: File) => string | null;
  texts: UploadTexts;
  /** The line shown once the file is stored. */
  done: (stored: T) => string;
  onUploaded: (stored: T) => void;
  disabled: boolean;
  /** An error about the file from the form around it. */
  error?: string | undefined;
  /** The chooser's and the bar's width classes. */
  width?: string;
  /** The status line is a `status` region (otherwise only a polite live region). */
  statusRole?: boolean;
  /** Shown under the chooser (the current file, a warning). */
  children?: ReactNode;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const [uploading, setUploading] = useState<string | null>(null);
  const [stored, setStored] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [retryable, setRetryable] = useState(false);
  const chosen = useRef<File | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const upload = async (file: File | undefined) => {
    if (!file || uploading) return;
    setFailure(null);
    setRetryable(false);
    setStored(null);
    const refused = refusal(file);
    if (refused) {
      setFailure(refused);
      setProgress(null);
      if (input.current) input.current.value = '';
      return;
    }
    chosen.current = file;
    setUploading(file.name);
    setProgress(0);
    try {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      form.set('file', file);
      const answer = await uploadForm<T>(path, form, locale, texts.failed, setProgress);
      setProgress(1);
      setStored(done(answer));
      onUploaded(answer);
    } catch (cause) {
      setProgress(null);
      setFailure(cause instanceof Error ? cause.message : texts.failed);
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
        {label}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept={accept}
        disabled={disabled || uploading !== null}
        className={`file-input file-input-bordered ${width} ${shown ? 'file-input-error' : ''}`}
        aria-invalid={shown ? true : undefined}
        aria-describedby={`${id}-hint ${id}-status${shown ? ` ${id}-error` : ''}`}
        onChange={(event) => void upload(event.target.files?.[0])}
      />
      <p id={`${id}-hint`} className="text-xs text-base-content/70">
        {hint}
      </p>
      {percent !== null && (
        <progress
          className={`progress progress-primary ${width}`}
          value={percent}
          max={100}
          aria-label={texts.progress}
          aria-valuetext={`${percent}%`}
        />
      )}
      <p
        id={`${id}-status`}
        className="text-sm"
        {...(statusRole ? { role: 'status' } : { 'aria-live': 'polite' as const })}
      >
        {uploading ? texts.uploading(uploading) : (stored ?? '')}
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
            {texts.retry}
          </button>
        </div>
      )}
      {children}
    </div>
  );
}
