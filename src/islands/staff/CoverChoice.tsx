import { useState } from 'react';
import { getT } from '@/i18n';
import { fileUrl } from '@/lib/format';
import type { Locale } from '@/lib/locales';
import ContentUpload from './ContentUpload';

interface Image {
  fileId: number;
  name: string;
}

/**
 * A cover picture for a journal, an issue, an article or an event: one of the society's pictures
 * chosen by its thumbnail (or none), each picture once; with `maxFileMb`, a new picture can be
 * uploaded here (with a progress bar) and is chosen at once. A cover chosen before that is no
 * longer in the list (an older upload of the same picture) stays offered.
 */
export default function CoverChoice({
  id,
  locale,
  value,
  images: initial,
  maxFileMb,
  onChange,
}: {
  /** The group's id: two covers may be open together on a page. */
  id: string;
  locale: Locale;
  value: number | null;
  images: Image[];
  maxFileMb?: number;
  onChange: (fileId: number | null) => void;
}) {
  const t = getT(locale);
  const [images, setImages] = useState(initial);
  const shown =
    value !== null && !images.some((i) => i.fileId === value)
      ? [{ fileId: value, name: t('contentDesk:cover.current') }, ...images]
      : images;
  const option = (fileId: number | null, name: string) => (
    <li key={fileId ?? 'none'}>
      <label
        className={`flex h-full cursor-pointer flex-col items-center gap-1 rounded-box border-2 p-1 text-center text-xs has-[:focus-visible]:outline has-[:focus-visible]:outline-2 ${
          value === fileId ? 'border-primary bg-base-200' : 'border-transparent hover:bg-base-200'
        }`}
      >
        <input
          type="radio"
          className="sr-only"
          name={id}
          value={fileId === null ? '' : String(fileId)}
          checked={value === fileId}
          onChange={() => onChange(fileId)}
        />
        {fileId === null ? (
          <span className="flex h-16 w-24 items-center justify-center rounded bg-base-200" aria-hidden="true">
            —
          </span>
        ) : (
          <img
            src={fileUrl(fileId)}
            alt=""
            loading="lazy"
            width={96}
            height={64}
            className="h-16 w-24 rounded object-cover"
          />
        )}
        <span className="w-24 break-all">{name}</span>
      </label>
    </li>
  );
  return (
    <div className={maxFileMb === undefined ? undefined : 'grid gap-3 md:grid-cols-2'}>
      <fieldset className="flex min-w-0 flex-col" aria-describedby={`${id}-hint`}>
        <legend className="mb-1 text-sm font-medium">{t('contentDesk:cover.label')}</legend>
        <ul
          id={id}
          className="grid max-h-72 grid-cols-[repeat(auto-fill,minmax(6.5rem,1fr))] gap-1 overflow-y-auto rounded-box border border-base-300 p-1"
        >
          {option(null, t('contentDesk:cover.none'))}
          {shown.map((image) => option(image.fileId, image.name))}
        </ul>
        <p id={`${id}-hint`} className="mt-1 text-xs text-base-content/70">
          {t(maxFileMb === undefined ? 'contentDesk:cover.hint' : 'contentDesk:cover.hintUpload')}
        </p>
      </fieldset>
      {maxFileMb !== undefined && (
        <ContentUpload
          locale={locale}
          id={`${id}-upload`}
          label={t('contentDesk:files.upload')}
          maxFileMb={maxFileMb}
          only="image"
          onUploaded={(file) => {
            setImages((list) => [
              { fileId: file.fileId, name: file.name },
              ...list.filter((i) => i.fileId !== file.fileId),
            ]);
            onChange(file.fileId);
          }}
        />
      )}
    </div>
  );
}
