import { useState } from 'react';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { eventForm, type DeskEvent } from '@/lib/schemas/event-desk';
import Field from '../shared/Field';
import { useForm, type Values } from '../shared/use-form';
import CoverChoice from './CoverChoice';
import CategorySelect from './CategorySelect';
import BilingualFields from './BilingualFields';
import ContentBody from './editor/ContentBody';
import ContentForm from './editor/ContentForm';
import { boundField, labelsOf } from './editor/fields';

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
  const labels = labelsOf(c, FIELDS);
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
  const stamp = event ? { eventId: event.eventId, updatedAt: event.updatedAt } : {};

  const value = (name: string) => String(form.values[name] ?? '');
  const field = (name: (typeof TIMES)[number] | 'registrationUrl') => ({
    ...boundField(form, labels, name),
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
    <ContentForm<DeskEvent>
      locale={locale}
      form={form}
      desk="events"
      live={live}
      save={(values) => ({ ...values, categoryId: Number(values.categoryId), coverFileId, ...stamp })}
      unpublish={() => stamp}
      idOf={(saved) => saved.eventId}
    >
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
      <ContentBody texts={texts} name="description" rows={10} />
    </ContentForm>
  );
}
