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
 * chosen from a list (or none), shown small beside it; with `maxFileMb`, a new picture can be
 * uploaded here (with a progress bar) and is chosen at once.
 */
export default function CoverChoice({
  id,
  locale,
  value,
  images: initial,
  maxFileMb,
  onChange,
}: {
  /** The select's id: two covers may be open together on a page. */
  id: string;
  locale: Locale;
  value: number | null;
  images: Image[];
  maxFileMb?: number;
  onChange: (fileId: number | null) => void;
}) {
  const t = getT(locale);
  const [images, setImages] = useState(initial);
  return (
    <div className={maxFileMb === undefined ? undefined : 'grid gap-3 md:grid-cols-2'}>
      <div className="flex flex-col">
        <label htmlFor={id} className="mb-1 text-sm font-medium">
          {t('contentDesk:cover.label')}
        </label>
        <div className="flex items-center gap-3">
          <select
            id={id}
            className="select select-bordered w-full"
            aria-describedby={`${id}-hint`}
            value={value === null ? '' : String(value)}
            onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">{t('contentDesk:cover.none')}</option>
            {images.map((image) => (
              <option key={image.fileId} value={String(image.fileId)}>
                {image.name}
              </option>
            ))}
          </select>
          {value !== null && (
            <img
              src={fileUrl(value)}
              alt=""
              width={64}
              height={40}
              className="h-10 w-16 shrink-0 rounded object-cover"
            />
          )}
        </div>
        <p id={`${id}-hint`} className="mt-1 text-xs text-base-content/70">
          {t(maxFileMb === undefined ? 'contentDesk:cover.hint' : 'contentDesk:cover.hintUpload')}
        </p>
      </div>
      {maxFileMb !== undefined && (
        <ContentUpload
          locale={locale}
          id={`${id}-upload`}
          label={t('contentDesk:files.upload')}
          maxFileMb={maxFileMb}
          only="image"
          onUploaded={(file) => {
            setImages((list) => [{ fileId: file.fileId, name: file.name }, ...list]);
            onChange(file.fileId);
          }}
        />
      )}
    </div>
  );
}
