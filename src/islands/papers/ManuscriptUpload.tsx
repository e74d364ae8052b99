import { getT } from '@/i18n';
import { fileSize } from '@/lib/file-meta';
import type { Locale } from '@/lib/locales';
import FileUpload from '../shared/FileUpload';

export interface Manuscript {
  fileId: number;
  name: string;
  size: number;
  /** False: the author details stored in the PDF could not be removed. */
  metadataStripped: boolean | null;
}

/** What the upload answers for a manuscript. */
type Stored = Omit<Manuscript, 'metadataStripped'> & { metadataStripped?: boolean };

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
  const a = (key: string, values: Record<string, string | number> = {}) => t(`papers:author.form.${key}`, values);
  return (
    <FileUpload<Stored>
      locale={locale}
      id="field-manuscript"
      label={a('manuscript')}
      hint={
        <>
          {a('manuscriptHint', { mb: maxFileMb })}
          {blind && ` ${a('manuscriptBlind')}`}
        </>
      }
      accept="application/pdf,.pdf"
      path="/api/amsw1001/upload"
      fields={{ purpose: 'paperManuscript' }}
      refusal={(file) => {
        const isPdf = file.type === 'application/pdf' && /\.pdf$/i.test(file.name);
        if (!isPdf) return a('notPdf');
        return file.size > maxFileMb * 1024 * 1024 ? a('tooLarge', { mb: maxFileMb }) : null;
      }}
      texts={{
        uploading: (name) => a('uploading', { name }),
        failed: a('uploadFailed'),
        retry: a('retry'),
        progress: a('uploadProgress'),
      }}
      done={(stored) => a('uploaded', { name: stored.name })}
      onUploaded={({ fileId, name, size, metadataStripped }) =>
        onUploaded({ fileId, name, size, metadataStripped: metadataStripped ?? null })
      }
      disabled={disabled}
      error={error}
    >
      {manuscript && (
        <p className="text-sm">
          <span className="font-medium">{a('current')}</span>{' '}
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
          {a('metadataKept')}
        </p>
      )}
    </FileUpload>
  );
}
