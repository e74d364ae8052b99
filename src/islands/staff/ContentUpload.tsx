import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import type { ContentFileUploaded } from '@/lib/schemas/content-home';
import FileUpload from '../shared/FileUpload';
import { useHydrated } from '../shared/use-hydrated';

/** What the desk takes, by kind, as the file chooser offers it (the server reads the type from the bytes). */
const KINDS = {
  image: {
    types: ['image/jpeg', 'image/png', 'image/webp'],
    accept: '.jpg,.jpeg,.png,.webp',
    hint: 'uploadHintImages',
  },
  pdf: { types: ['application/pdf'], accept: '.pdf', hint: 'uploadHintPdf' },
} as const;

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
  // Rendered on the server before its handler exists: a file chosen then would be lost.
  const hydrated = useHydrated();
  const kinds = only ? [KINDS[only]] : Object.values(KINDS);
  const types: readonly string[] = kinds.flatMap((kind) => kind.types);
  return (
    <FileUpload<ContentFileUploaded>
      locale={locale}
      id={id}
      label={label}
      hint={f(only ? KINDS[only].hint : 'uploadHint', { mb: maxFileMb })}
      accept={[...types, ...kinds.map((kind) => kind.accept)].join(',')}
      path="/api/amsw1101/content/files/upload"
      refusal={(file) => {
        if (file.size > maxFileMb * 1024 * 1024) return f('tooLarge', { mb: maxFileMb });
        return file.type && !types.includes(file.type) ? f('wrongType') : null;
      }}
      texts={{
        uploading: (name) => f('uploading', { name }),
        failed: f('uploadFailed'),
        retry: f('retry'),
        progress: f('uploadProgress'),
      }}
      done={(stored) =>
        f('uploaded', { name: stored.name }) +
        (stored.resizedFrom
          ? ` ${f('resized', {
              from: `${stored.resizedFrom.width} × ${stored.resizedFrom.height}`,
              to: `${stored.width} × ${stored.height}`,
            })}`
          : '')
      }
      onUploaded={onUploaded}
      disabled={!hydrated}
      width="w-full max-w-md"
      statusRole
    />
  );
}
