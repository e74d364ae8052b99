import { useState } from 'react';
import { apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { localePath } from '@/lib/paths';
import { eventForm, type DeskEvent } from '@/lib/schemas/event-desk';
import Field from '../shared/Field';
import FormAlert from '../shared/FormAlert';
import IslandForm from '../shared/IslandForm';
import { useForm, type Values } from '../shared/use-form';
import CoverChoice from './CoverChoice';
import CategorySelect from './CategorySelect';
import BilingualFields from './BilingualFields';
import RichTextField from './RichTextField';
import PublishActions, { chosenAction, doneOf } from './PublishActions';

interface Props {
  locale: Locale;
  categories: { categoryId: number; name: string }[];
  /** The event as stored; absent for a new one. */
  event?: DeskEvent;
  /** The society's pictures to choose a cover from, newest first. */
  images: { fileId: number; name: string }[];
  maxFileMb: number;
}

const LINES = ['titleZh', 'titleEn', 'placeZh', 'placeEn', 'organiserZh', 'organiserEn'] as const;
const SUMMARIES = ['summaryZh', 'summaryEn'] as const;
const TIMES = ['startsAt', 'endsAt', 'registrationClosesAt'] as const;
const BODIES = ['descriptionZh', 'descriptionEn'] as const;
const FIELDS = [...LINES, ...SUMMARIES, ...TIMES, ...BODIES, 'registrationUrl', 'categoryId'] as const;

/**
 * The editors' event form: texts in both languages (Chinese title required), category, start and
 * end (Taipei time), place, organiser, registration address and closing time, the cover picture
 * (chosen or uploaded), and the programme
 * as HTML (sanitised on the server). Saving, publishing and unpublishing go to the API; the page
 * comes back saying what happened.
 */
export default function EventEditor({ locale, categories, event, images, maxFileMb }: Props) {
  const t = getT(locale);
  const c = (key: string) => t(`contentDesk:events.form.${key}`);
  const labels: Record<string, string> = Object.fromEntries(FIELDS.map((name) => [name, c(name)]));
  const form = useForm<Values>({
    schema: eventForm,
    initial: {
      ...Object.fromEntries(FIELDS.map((name) => [name, event ? String(event[name]) : ''])),
      categoryId: String(event?.categoryId ?? categories[0]?.categoryId ?? ''),
    },
    labels,
    t,
  });
  const [coverFileId, setCoverFileId] = useState<number | null>(event?.coverFileId ?? null);
  const live = event?.state === 'published';

  const onSubmit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const action = chosenAction(e);
    let saved: DeskEvent | undefined;
    const ok = await form.submit(async (values) => {
      const stamp = event ? { eventId: event.eventId, updatedAt: event.updatedAt } : {};
      saved =
        action === 'unpublish'
          ? await apiPost<DeskEvent>('/api/amsw1101/content/events/unpublish', stamp, { suppressErrorToast: true })
          : await apiPost<DeskEvent>(
              '/api/amsw1101/content/events/save',
              {
                ...values,
                categoryId: Number(values.categoryId),
                coverFileId,
                ...stamp,
                publish: action === 'publish',
              },
              { suppressErrorToast: true },
            );
    });
    if (ok && saved)
      window.location.assign(`${localePath(`/staff/content/events/${saved.eventId}`, locale)}?done=${doneOf(action)}`);
  };

  const value = (name: string) => String(form.values[name] ?? '');
  const field = (name: (typeof TIMES)[number] | 'registrationUrl') => ({
    name,
    label: labels[name]!,
    value: value(name),
    onChange: (v: string) => form.set(name, v),
    onBlur: () => form.touch(name),
    error: form.errorOf(name),
    ...(name === 'startsAt' || name === 'endsAt' ? { required: true } : { optionalText: t('account:optional') }),
  });
  const time = (name: (typeof TIMES)[number]) => (
    <Field
      {...field(name)}
      type="datetime-local"
      hint={name === 'registrationClosesAt' ? c('registrationClosesHint') : c('timeHint')}
    />
  );
  const texts = { form, labels, t };
  return (
    <IslandForm onSubmit={onSubmit} busy={form.submitting}>
      <FormAlert message={form.formError} />
      <div className="grid gap-3 md:grid-cols-2">
        <CategorySelect
          locale={locale}
          kind="event"
          label={labels.categoryId!}
          categories={categories}
          value={value('categoryId')}
          onChange={(v) => form.set('categoryId', v)}
          className="flex flex-col md:col-span-2 md:w-1/2 md:pr-1.5"
        />
        {/* What, when, where, who, and how to register. */}
        <BilingualFields {...texts} name="title" required maxLength={200} />
        {time('startsAt')}
        {time('endsAt')}
        <BilingualFields {...texts} name="place" maxLength={200} />
        <BilingualFields {...texts} name="organiser" maxLength={200} />
        <Field {...field('registrationUrl')} type="url" maxLength={2000} />
        {time('registrationClosesAt')}
        <BilingualFields {...texts} name="summary" rows={3} maxLength={1000} />
      </div>
      <CoverChoice
        id="event-cover"
        locale={locale}
        value={coverFileId}
        images={images}
        maxFileMb={maxFileMb}
        onChange={setCoverFileId}
      />
      <div className="grid gap-3">
        <p className="text-sm text-base-content/80">{t('contentDesk:articles.form.bodyHint')}</p>
        <BilingualFields {...texts} name="description" rows={10} editor={RichTextField} />
      </div>
      <PublishActions locale={locale} live={live} busy={form.submitting} />
    </IslandForm>
  );
}
