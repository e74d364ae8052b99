import { useRef, useState } from 'react';
import { ApiError, apiPost } from '@/client/api';
import { getT } from '@/i18n';
import { fileSize } from '@/lib/file-meta';
import { fileUrl, formatDateTime } from '@/lib/format';
import type { Locale } from '@/lib/locales';
import { localePath } from '@/lib/paths';
import type { ContentFileView, FileUsage } from '@/lib/schemas/content-home';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import ContentUpload from './ContentUpload';

interface Props {
  locale: Locale;
  /** This page of files, newest first. */
  rows: ContentFileView[];
  /** The upload times of `rows` as the server wrote them (the browser's clock words may differ). */
  uploadedAt: Record<number, string>;
  maxFileMb: number;
}

/** Where the console edits what uses a file; null where it has no desk yet. */
function usageHref(usage: FileUsage, locale: Locale): string | null {
  if (usage.kind === 'homeBlock') return localePath(`/staff/content/home/${usage.id}`, locale);
  if (usage.kind === 'article') return localePath(`/staff/content/articles/${usage.id}`, locale);
  return null;
}

/**
 * The files desk: an upload with its progress bar (a new file joins the top of the list), and each
 * file with its size, pixels, where it is used and a delete button (confirmed; a file still used
 * is refused by the server, which says where).
 */
export default function ContentFiles({ locale, rows, uploadedAt, maxFileMb }: Props) {
  const t = getT(locale);
  const f = (key: string, values: Record<string, string | number> = {}) => t(`contentDesk:files.${key}`, values);
  const [list, setList] = useState(rows);
  const [target, setTarget] = useState<ContentFileView | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean; usedBy?: FileUsage[] } | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);

  const askDelete = (file: ContentFileView) => {
    setTarget(file);
    dialog.current?.showModal();
  };

  const remove = async () => {
    if (!target || busy) return;
    setBusy(true);
    try {
      await apiPost('/api/amsw1101/content/files/delete', { fileId: target.fileId }, { suppressErrorToast: true });
      setList((current) => current.filter((r) => r.fileId !== target.fileId));
      setMessage({ text: f('deleted', { name: target.name }), error: false });
    } catch (caught) {
      const usedBy = caught instanceof ApiError ? (caught.data as { usedBy?: FileUsage[] } | null)?.usedBy : undefined;
      setMessage({
        text: caught instanceof ApiError ? caught.message : f('uploadFailed'),
        error: true,
        ...(usedBy ? { usedBy } : {}),
      });
    } finally {
      setBusy(false);
      dialog.current?.close();
    }
  };

  const usageList = (usedBy: FileUsage[]) => (
    <ul className="space-y-1">
      {usedBy.map((usage) => {
        const href = usageHref(usage, locale);
        const text = `${f(`usage.${usage.kind}`)}: ${usage.title}`;
        return (
          <li key={`${usage.kind}-${usage.id}`}>
            {href ? (
              <a className="link" href={href}>
                {text}
              </a>
            ) : (
              text
            )}
          </li>
        );
      })}
    </ul>
  );

  return (
    <div className="space-y-6">
      <section className="rounded-box bg-base-200 p-4" aria-labelledby="files-upload-heading">
        <h2 id="files-upload-heading" className="mb-2 text-lg font-semibold">
          {f('upload')}
        </h2>
        <ContentUpload
          locale={locale}
          id="content-file"
          label={f('choose')}
          maxFileMb={maxFileMb}
          onUploaded={(file) => setList((current) => [file, ...current])}
        />
      </section>
      <div role="status" aria-live="polite">
        {message && (
          <div className={`alert ${message.error ? 'alert-error' : 'alert-success'} block`}>
            <p>{message.text}</p>
            {message.usedBy && message.usedBy.length > 0 && (
              <div className="mt-2 text-sm">{usageList(message.usedBy)}</div>
            )}
          </div>
        )}
      </div>
      {list.length === 0 ? (
        <p>{f('empty')}</p>
      ) : (
        <table className="stack-table table table-sm w-full">
          <thead>
            <tr>
              <th scope="col">{f('name')}</th>
              <th scope="col">{f('size')}</th>
              <th scope="col">{f('uploadedAt')}</th>
              <th scope="col">{f('usedBy')}</th>
              <th scope="col">
                <span className="sr-only">{f('delete')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((file) => (
              <tr key={file.fileId}>
                <th scope="row" data-label={f('name')} className="font-medium">
                  <div className="flex items-center gap-3">
                    {file.contentType.startsWith('image/') && (
                      <img
                        src={fileUrl(file.fileId)}
                        alt=""
                        width={64}
                        height={40}
                        loading="lazy"
                        className="h-10 w-16 shrink-0 rounded object-cover"
                      />
                    )}
                    <a className="link break-all" href={fileUrl(file.fileId)} target="_blank" rel="noopener">
                      {file.name}
                    </a>
                  </div>
                </th>
                <td data-label={f('size')}>
                  {fileSize(file.size, locale)}
                  {file.width && file.height ? ` · ${file.width} × ${file.height}` : ''}
                </td>
                <td data-label={f('uploadedAt')}>
                  {uploadedAt[file.fileId] ?? formatDateTime(file.createdAt, locale)}
                </td>
                <td data-label={f('usedBy')}>
                  {file.usedBy.length === 0 ? (
                    <span className="text-base-content/70">{f('unused')}</span>
                  ) : (
                    usageList(file.usedBy)
                  )}
                </td>
                <td>
                  <button
                    type="button"
                    className="btn btn-sm btn-outline btn-error whitespace-nowrap"
                    aria-label={f('deleteNamed', { name: file.name })}
                    disabled={busy}
                    onClick={() => askDelete(file)}
                  >
                    {f('delete')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ConfirmDialog
        ref={dialog}
        text={target ? f('deleteConfirm', { name: target.name }) : ''}
        cancel={f('cancel')}
        confirm={f('delete')}
        onConfirm={() => void remove()}
        danger
        busy={busy}
      />
    </div>
  );
}
