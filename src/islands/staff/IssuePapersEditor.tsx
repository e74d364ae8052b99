import { useRef, useState } from 'react';
import { ApiError, apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { paperForm, type DeskIssuePapers, type DeskPaper } from '@/lib/schemas/journal-desk';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import Field, { TextAreaField } from '../shared/Field';
import FormAlert from '../shared/FormAlert';
import IslandForm from '../shared/IslandForm';
import { useHydrated } from '../shared/use-hydrated';
import { useForm, type Values } from '../shared/use-form';
import ContentUpload from './ContentUpload';
import MoveButtons, { useRefocus } from './MoveButtons';

interface Pdf {
  fileId: number;
  name: string;
}

interface Props {
  locale: Locale;
  issue: DeskIssuePapers;
  /** The society's PDF files to choose a paper's full text from, newest first. */
  pdfs: Pdf[];
  maxFileMb: number;
}

/**
 * An issue's table of contents on the editors' desk: its papers in the order the public issue
 * page lists them, each moved up or down, edited in place (one form open at a time) or removed
 * after a confirmation; a new paper is added last. Every change sends the `updatedAt` it was read
 * with, and the page says what happened.
 */
export default function IssuePapersEditor({ locale, issue: initial, pdfs: initialPdfs, maxFileMb }: Props) {
  const t = getT(locale);
  const p = (key: string, values: Record<string, string | number> = {}) =>
    t(`contentDesk:journals.papers.${key}`, values);
  const [issue, setIssue] = useState(initial);
  const [pdfs, setPdfs] = useState(initialPdfs);
  /** The paper being edited: its id, `new`, or none. */
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [target, setTarget] = useState<DeskPaper | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const refocus = useRefocus(issue);
  const hydrated = useHydrated();
  const title = (paper: DeskPaper) => (locale === 'en-us' && paper.titleEn) || paper.titleZh;

  const changed = (next: DeskIssuePapers, text: string) => {
    setIssue(next);
    setStatus(text);
  };
  const call = async (path: string, body: Record<string, unknown>, text: string, focus?: string) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const next = await apiPost<DeskIssuePapers>(path, body, { suppressErrorToast: true });
      refocus.current = focus ?? null;
      changed(next, text);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : String(caught));
    } finally {
      setBusy(false);
      dialog.current?.close();
    }
  };
  const form = (paper?: DeskPaper) => (
    <PaperForm
      locale={locale}
      issue={issue}
      paper={paper}
      pdfs={pdfs}
      maxFileMb={maxFileMb}
      onPdf={(pdf) => setPdfs((list) => [pdf, ...list])}
      onCancel={() => setEditing(null)}
      onSaved={(next) => {
        setEditing(null);
        changed(next, p('saved'));
      }}
    />
  );

  return (
    <section aria-labelledby="papers-heading" className="space-y-4">
      <div role="status" aria-live="polite">
        {status && <p className="alert alert-success">{status}</p>}
      </div>
      <h2 id="papers-heading" className="text-lg font-semibold">
        {p('contents')}
      </h2>
      <FormAlert message={error} />
      {issue.papers.length === 0 && <p className="rounded-box bg-base-200 p-4">{p('empty')}</p>}
      <ol className="space-y-2">
        {issue.papers.map((paper, i) => (
          <li key={paper.paperId} className="rounded-box border border-base-300 p-3">
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
              <div className="min-w-0 flex-1">
                <p className="text-xs text-base-content/70">
                  {[
                    (locale === 'en-us' && paper.sectionEn) || paper.sectionZh,
                    paper.pages && p('pagesShort', { pages: paper.pages }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                <p className="font-medium break-words">{title(paper)}</p>
                <p className="text-sm break-words">{(locale === 'en-us' && paper.authorsEn) || paper.authorsZh}</p>
                <p className="text-xs text-base-content/70">
                  {paper.pdfName ? p('pdfNamed', { name: paper.pdfName }) : p('noPdf')}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <MoveButtons
                  locale={locale}
                  idPrefix="paper"
                  id={paper.paperId}
                  title={title(paper)}
                  index={i}
                  count={issue.papers.length}
                  disabled={!hydrated}
                  busy={busy}
                  onMove={(direction) =>
                    void call(
                      '/api/amsw1101/content/journals/papers/move',
                      { paperId: paper.paperId, direction },
                      t('contentDesk:order.moved', { title: title(paper), place: direction === 'up' ? i : i + 2 }),
                      `paper-${direction}-${paper.paperId}`,
                    )
                  }
                />
                <button
                  type="button"
                  className="btn btn-sm btn-outline"
                  aria-expanded={editing === paper.paperId}
                  aria-label={p('editNamed', { title: title(paper) })}
                  onClick={() => setEditing(editing === paper.paperId ? null : paper.paperId)}
                >
                  {p('edit')}
                </button>
                <button
                  type="button"
                  className="btn btn-sm btn-outline btn-error"
                  aria-label={p('deleteNamed', { title: title(paper) })}
                  onClick={() => {
                    setTarget(paper);
                    dialog.current?.showModal();
                  }}
                >
                  {p('delete')}
                </button>
              </div>
            </div>
            {editing === paper.paperId && form(paper)}
          </li>
        ))}
      </ol>
      {editing === 'new' ? (
        <div className="rounded-box bg-base-200 p-4">
          <h3 className="mb-2 font-semibold">{p('add')}</h3>
          {form()}
        </div>
      ) : (
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
          {p('add')}
        </button>
      )}
      <ConfirmDialog
        ref={dialog}
        title={p('deleteTitle')}
        text={target ? p('deleteConfirm', { title: title(target) }) : ''}
        cancel={p('cancel')}
        confirm={p('delete')}
        danger
        busy={busy}
        onConfirm={() =>
          target &&
          void call(
            '/api/amsw1101/content/journals/papers/delete',
            { paperId: target.paperId, updatedAt: target.updatedAt },
            p('removed'),
          )
        }
      />
    </section>
  );
}

/** The paper's texts: each language side by side; the abstracts as text areas. */
const TEXTS = [
  'sectionZh',
  'sectionEn',
  'titleZh',
  'titleEn',
  'authorsZh',
  'authorsEn',
  'abstractZh',
  'abstractEn',
] as const;
const FIELDS = [...TEXTS, 'pages', 'doi'] as const;
const REQUIRED: readonly string[] = ['titleZh', 'authorsZh'];
const MAX: Record<string, number> = { section: 100, title: 500, authors: 1000, abstract: 10_000 };

/** A paper's form (one open at a time, so its fields keep the plain ids the form helpers give). */
function PaperForm({
  locale,
  issue,
  paper,
  pdfs,
  maxFileMb,
  onPdf,
  onCancel,
  onSaved,
}: {
  locale: Locale;
  issue: DeskIssuePapers;
  paper?: DeskPaper;
  pdfs: Pdf[];
  maxFileMb: number;
  onPdf: (pdf: Pdf) => void;
  onCancel: () => void;
  onSaved: (issue: DeskIssuePapers) => void;
}) {
  const t = getT(locale);
  const p = (key: string) => t(`contentDesk:journals.papers.${key}`);
  const labels: Record<string, string> = Object.fromEntries(FIELDS.map((name) => [name, p(`form.${name}`)]));
  const [pdfFileId, setPdfFileId] = useState<number | null>(paper?.pdfFileId ?? null);
  const form = useForm<Values>({
    schema: paperForm,
    initial: Object.fromEntries(FIELDS.map((name) => [name, paper?.[name] ?? ''])),
    labels,
    t,
  });
  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    let saved: DeskIssuePapers | undefined;
    const ok = await form.submit(async (values) => {
      saved = await apiPost<DeskIssuePapers>(
        '/api/amsw1101/content/journals/papers/save',
        {
          ...values,
          journalNumberId: issue.issue.journalNumberId,
          pdfFileId,
          ...(paper ? { paperId: paper.paperId, updatedAt: paper.updatedAt } : {}),
        },
        { suppressErrorToast: true },
      );
    });
    if (ok && saved) onSaved(saved);
  };
  const field = (name: string, extra: { hint?: string; maxLength: number }) => {
    const props = {
      name,
      label: labels[name]!,
      optionalText: REQUIRED.includes(name) ? undefined : t('account:optional'),
      required: REQUIRED.includes(name),
      lang: name.endsWith('En') ? 'en' : name.endsWith('Zh') ? 'zh-Hant' : undefined,
      value: String(form.values[name] ?? ''),
      onChange: (v: string) => form.set(name, v),
      onBlur: () => form.touch(name),
      error: form.errorOf(name),
      ...extra,
    };
    return name.startsWith('abstract') ? (
      <TextAreaField key={name} {...props} rows={6} />
    ) : (
      <Field key={name} {...props} />
    );
  };
  return (
    <IslandForm onSubmit={onSubmit} busy={form.submitting} className="mt-3 space-y-4">
      <FormAlert message={form.formError} />
      <div className="grid gap-3 md:grid-cols-2">
        {TEXTS.map((name) => field(name, { maxLength: MAX[name.slice(0, -2)]! }))}
        {field('pages', { hint: p('form.pagesHint'), maxLength: 30 })}
        {field('doi', { hint: p('form.doiHint'), maxLength: 200 })}
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        <div className="flex flex-col gap-2">
          <label htmlFor="field-pdfFileId" className="text-sm font-medium">
            {p('form.pdf')}
          </label>
          <select
            id="field-pdfFileId"
            className="select select-bordered w-full"
            aria-describedby="field-pdfFileId-hint"
            value={pdfFileId === null ? '' : String(pdfFileId)}
            onChange={(e) => setPdfFileId(e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">{p('noPdf')}</option>
            {pdfs.map((pdf) => (
              <option key={pdf.fileId} value={String(pdf.fileId)}>
                {pdf.name}
              </option>
            ))}
          </select>
          <p id="field-pdfFileId-hint" className="text-xs text-base-content/70">
            {p('form.pdfHint')}
          </p>
        </div>
        <ContentUpload
          locale={locale}
          id="paper-pdf-upload"
          label={t('contentDesk:files.upload')}
          maxFileMb={maxFileMb}
          only="pdf"
          onUploaded={(file) => {
            onPdf({ fileId: file.fileId, name: file.name });
            setPdfFileId(file.fileId);
          }}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={form.submitting}>
          {p('form.save')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {p('cancel')}
        </button>
      </div>
    </IslandForm>
  );
}
