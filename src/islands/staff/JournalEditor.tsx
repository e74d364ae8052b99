import { useState } from 'react';
import { apiPost } from '@/client/api';
import { getT } from '@/i18n';
import { formatDate } from '@/lib/format';
import { taipeiDate, yearOf } from '@/lib/calendar-date';
import type { Locale } from '@/lib/locales';
import { localePath } from '@/lib/paths';
import {
  issueForm,
  journalForm,
  volumeForm,
  type DeskIssue,
  type DeskJournal,
  type DeskVolume,
} from '@/lib/schemas/journal-desk';
import Field from '../shared/Field';
import FormAlert from '../shared/FormAlert';
import IslandForm from '../shared/IslandForm';
import { useForm, type Values } from '../shared/use-form';
import CoverChoice from './CoverChoice';
import BilingualFields from './BilingualFields';
import PublishActions, { chosenAction } from './PublishActions';
import { saveHandler } from './editor/fields';

interface Image {
  fileId: number;
  name: string;
}

interface Props {
  locale: Locale;
  /** Absent: the form for a new journal (its page opens once it is added). */
  journal?: DeskJournal;
  /** The society's pictures to choose covers from. */
  images: Image[];
}

/**
 * A journal on the editors' desk: its own form, then its volumes (newest first) each with its
 * issues; a volume or issue is added or edited in place (one form open at a time), and an issue
 * is published, scheduled or taken back. Every save sends the `updatedAt` it was read with.
 */
export default function JournalEditor({ locale, journal: initial, images }: Props) {
  const t = getT(locale);
  const j = (key: string, values: Record<string, string | number> = {}) => t(`contentDesk:journals.${key}`, values);
  const [journal, setJournal] = useState(initial);
  const [status, setStatus] = useState<string | null>(null);
  /** The form open: `volume-new`, `volume-{id}`, `issue-new-{volumeId}`, `issue-{id}`, or none. */
  const [open, setOpen] = useState<string | null>(null);

  const saved = (next: DeskJournal) => {
    setJournal(next);
    setOpen(null);
    setStatus(j('saved'));
  };

  return (
    <div className="space-y-8">
      <div role="status" aria-live="polite">
        {status && <p className="alert alert-success">{status}</p>}
      </div>
      <JournalForm locale={locale} journal={journal} images={images} onSaved={saved} />
      {journal && (
        <section aria-labelledby="volumes-heading" className="space-y-4">
          <h2 id="volumes-heading" className="text-lg font-semibold">
            {j('volumes.title')}
          </h2>
          {journal.volumes.length === 0 && <p className="rounded-box bg-base-200 p-4">{j('volumes.empty')}</p>}
          {journal.volumes.map((volume) => (
            <VolumeCard
              key={volume.journalVolumeId}
              locale={locale}
              journal={journal}
              volume={volume}
              images={images}
              open={open}
              setOpen={setOpen}
              onSaved={saved}
            />
          ))}
          {open === 'volume-new' ? (
            <div className="rounded-box bg-base-200 p-4">
              <h3 className="mb-2 font-semibold">{j('volumes.add')}</h3>
              <VolumeForm locale={locale} journal={journal} onSaved={saved} onCancel={() => setOpen(null)} />
            </div>
          ) : (
            <button type="button" className="btn btn-primary" onClick={() => setOpen('volume-new')}>
              {j('volumes.add')}
            </button>
          )}
        </section>
      )}
    </div>
  );
}

function JournalForm({
  locale,
  journal,
  images,
  onSaved,
}: {
  locale: Locale;
  journal?: DeskJournal;
  images: Image[];
  onSaved: (journal: DeskJournal) => void;
}) {
  const t = getT(locale);
  const f = (key: string) => t(`contentDesk:journals.form.${key}`);
  const names = ['nameZh', 'nameEn', 'descriptionZh', 'descriptionEn', 'issn'] as const;
  const labels: Record<string, string> = Object.fromEntries(names.map((n) => [n, f(n)]));
  const [coverFileId, setCoverFileId] = useState<number | null>(journal?.coverFileId ?? null);
  const form = useForm<Values>({
    schema: journalForm,
    initial: {
      ...Object.fromEntries(names.map((n) => [n, journal?.[n] ?? ''])),
      visible: journal?.visible ?? true,
    },
    labels,
    t,
  });
  const onSubmit = saveHandler<DeskJournal>(
    form,
    '/api/amsw1101/content/journals/save',
    (values) => ({
      ...values,
      coverFileId,
      ...(journal ? { journalListId: journal.journalListId, updatedAt: journal.updatedAt } : {}),
    }),
    (answer) => {
      if (journal) onSaved(answer);
      else
        window.location.assign(`${localePath(`/staff/content/journals/${answer.journalListId}`, locale)}?done=saved`);
    },
  );
  return (
    <IslandForm onSubmit={onSubmit} busy={form.submitting}>
      <FormAlert message={form.formError} />
      <div className="grid gap-3 md:grid-cols-2">
        <BilingualFields form={form} labels={labels} t={t} name="name" required maxLength={200} />
        <BilingualFields form={form} labels={labels} t={t} name="description" rows={3} maxLength={2000} />
        <Field
          {...form.field('issn')}
          label={labels.issn!}
          optionalText={t('account:optional')}
          maxLength={9}
          hint={f('issnHint')}
        />
        <CoverChoice id="journal-cover" locale={locale} value={coverFileId} images={images} onChange={setCoverFileId} />
      </div>
      <label className="flex cursor-pointer items-center gap-2">
        <input
          type="checkbox"
          className="checkbox"
          checked={form.values.visible === true}
          onChange={(e) => form.set('visible', e.target.checked)}
        />
        <span>{f('visible')}</span>
      </label>
      <button type="submit" className="btn btn-primary" disabled={form.submitting}>
        {journal ? f('save') : f('create')}
      </button>
    </IslandForm>
  );
}

function VolumeCard({
  locale,
  journal,
  volume,
  images,
  open,
  setOpen,
  onSaved,
}: {
  locale: Locale;
  journal: DeskJournal;
  volume: DeskVolume;
  images: Image[];
  open: string | null;
  setOpen: (open: string | null) => void;
  onSaved: (journal: DeskJournal) => void;
}) {
  const t = getT(locale);
  const j = (key: string, values: Record<string, string | number> = {}) => t(`contentDesk:journals.${key}`, values);
  const headingId = `volume-${volume.journalVolumeId}-heading`;
  return (
    <section className="rounded-box border border-base-300 p-4" aria-labelledby={headingId}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold">
          {j('volumes.heading', { volume: volume.volume, year: volume.year })}
        </h3>
        <EditButton form={`volume-${volume.journalVolumeId}`} open={open} setOpen={setOpen}>
          {j('volumes.editNamed', { volume: volume.volume })}
        </EditButton>
      </div>
      {open === `volume-${volume.journalVolumeId}` && (
        <div className="mb-3">
          <VolumeForm
            locale={locale}
            journal={journal}
            volume={volume}
            onSaved={onSaved}
            onCancel={() => setOpen(null)}
          />
        </div>
      )}
      {volume.issues.length === 0 && <p className="text-sm">{j('volumes.noIssues')}</p>}
      <ul className="space-y-2">
        {volume.issues.map((issue) => (
          <li key={issue.journalNumberId} className="rounded-box bg-base-200 p-3">
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words">
                  {j('issues.label', { number: issue.number })}
                  {(issue.titleZh || issue.titleEn) && ` · ${(locale === 'en-us' && issue.titleEn) || issue.titleZh}`}
                </p>
                <p className="text-sm">
                  <span className={`badge badge-sm ${issue.state === 'published' ? 'badge-success' : 'badge-ghost'}`}>
                    {j(`states.${issue.state}`)}
                  </span>{' '}
                  {issue.publishedAt && j('issues.publishedAt', { at: formatDate(issue.publishedAt, locale) })} ·{' '}
                  {j('issues.papers', { count: issue.paperCount })}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <a
                  className="btn btn-sm btn-outline"
                  href={localePath(`/staff/content/journals/issues/${issue.journalNumberId}`, locale)}
                  aria-label={j('papers.openNamed', { number: issue.number })}
                >
                  {j('papers.open')}
                </a>
                <EditButton form={`issue-${issue.journalNumberId}`} open={open} setOpen={setOpen}>
                  {j('issues.editNamed', { number: issue.number })}
                </EditButton>
              </div>
            </div>
            {open === `issue-${issue.journalNumberId}` && (
              <IssueForm
                locale={locale}
                volume={volume}
                issue={issue}
                images={images}
                onSaved={onSaved}
                onCancel={() => setOpen(null)}
              />
            )}
          </li>
        ))}
      </ul>
      {open === `issue-new-${volume.journalVolumeId}` ? (
        <div className="mt-3">
          <h4 className="mb-2 font-semibold">{j('issues.add')}</h4>
          <IssueForm locale={locale} volume={volume} images={images} onSaved={onSaved} onCancel={() => setOpen(null)} />
        </div>
      ) : (
        <button
          type="button"
          className="btn btn-sm btn-primary mt-3"
          onClick={() => setOpen(`issue-new-${volume.journalVolumeId}`)}
        >
          {j('issues.addNamed', { volume: volume.volume })}
        </button>
      )}
    </section>
  );
}

/** The button that opens the in-place form named `form` (`volume-{id}`, `issue-{id}`), or closes it when open. */
function EditButton({
  form,
  open,
  setOpen,
  children,
}: {
  form: string;
  open: string | null;
  setOpen: (open: string | null) => void;
  children: React.ReactNode;
}) {
  const shown = open === form;
  return (
    <button
      type="button"
      className="btn btn-sm btn-outline"
      aria-expanded={shown}
      onClick={() => setOpen(shown ? null : form)}
    >
      {children}
    </button>
  );
}

function VolumeForm({
  locale,
  journal,
  volume,
  onSaved,
  onCancel,
}: {
  locale: Locale;
  journal: DeskJournal;
  volume?: DeskVolume;
  onSaved: (journal: DeskJournal) => void;
  onCancel: () => void;
}) {
  const t = getT(locale);
  const v = (key: string) => t(`contentDesk:journals.volumes.${key}`);
  const next = Math.max(0, ...journal.volumes.map((x) => x.volume)) + 1;
  const labels = { volume: v('volume'), year: v('year') };
  const form = useForm<Values>({
    schema: volumeForm,
    initial: {
      volume: String(volume?.volume ?? next),
      year: String(volume?.year ?? yearOf(taipeiDate())),
    },
    labels,
    t,
  });
  const onSubmit = saveHandler<DeskJournal>(
    form,
    '/api/amsw1101/content/journals/volumes/save',
    (values) => ({
      journalListId: journal.journalListId,
      volume: Number(values.volume),
      year: Number(values.year),
      ...(volume ? { journalVolumeId: volume.journalVolumeId, updatedAt: volume.updatedAt } : {}),
    }),
    onSaved,
  );
  return (
    <IslandForm onSubmit={onSubmit} busy={form.submitting}>
      <FormAlert message={form.formError} />
      <div className="grid gap-3 sm:grid-cols-2">
        {(['volume', 'year'] as const).map((name) => (
          <Field key={name} {...form.field(name)} label={labels[name]} required inputMode="numeric" />
        ))}
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={form.submitting}>
          {v('save')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {t('contentDesk:journals.issues.cancel')}
        </button>
      </div>
    </IslandForm>
  );
}

function IssueForm({
  locale,
  volume,
  issue,
  images,
  onSaved,
  onCancel,
}: {
  locale: Locale;
  volume: DeskVolume;
  issue?: DeskIssue;
  images: Image[];
  onSaved: (journal: DeskJournal) => void;
  onCancel: () => void;
}) {
  const t = getT(locale);
  const i = (key: string) => t(`contentDesk:journals.issues.${key}`);
  const next = Math.max(0, ...volume.issues.map((x) => x.number)) + 1;
  const labels = { number: i('number'), titleZh: i('titleZh'), titleEn: i('titleEn'), publishedOn: i('publishedOn') };
  const [coverFileId, setCoverFileId] = useState<number | null>(issue?.coverFileId ?? null);
  const live = issue?.state === 'published' || issue?.state === 'scheduled';
  const form = useForm<Values>({
    schema: issueForm,
    initial: {
      number: String(issue?.number ?? next),
      titleZh: issue?.titleZh ?? '',
      titleEn: issue?.titleEn ?? '',
      publishedOn: issue?.publishedAt ? taipeiDate(new Date(issue.publishedAt)) : '',
    },
    labels,
    t,
  });
  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const action = chosenAction(event);
    // Saving a live issue keeps it on the site.
    const publish = action === 'publish' || (action === 'save' && live);
    let answer: DeskJournal | undefined;
    const ok = await form.submit(async (values) => {
      answer = await apiPost<DeskJournal>(
        '/api/amsw1101/content/journals/issues/save',
        {
          ...values,
          number: Number(values.number),
          journalVolumeId: volume.journalVolumeId,
          coverFileId,
          publish,
          ...(issue ? { journalNumberId: issue.journalNumberId, updatedAt: issue.updatedAt } : {}),
        },
        { suppressErrorToast: true },
      );
    });
    if (ok && answer) onSaved(answer);
  };
  return (
    <IslandForm onSubmit={onSubmit} busy={form.submitting} className="mt-3 space-y-4">
      <FormAlert message={form.formError} />
      <div className="grid gap-3 md:grid-cols-2">
        <Field {...form.field('number')} label={labels.number} required inputMode="numeric" />
        <Field
          {...form.field('publishedOn')}
          type="date"
          label={labels.publishedOn}
          optionalText={t('account:optional')}
          hint={i('publishedOnHint')}
        />
        <BilingualFields form={form} labels={labels} t={t} name="title" maxLength={200} />
        <CoverChoice id="issue-cover" locale={locale} value={coverFileId} images={images} onChange={setCoverFileId} />
      </div>
      <PublishActions locale={locale} live={live} busy={form.submitting}>
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {i('cancel')}
        </button>
      </PublishActions>
    </IslandForm>
  );
}
