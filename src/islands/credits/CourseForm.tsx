import { useCallback, useState } from 'react';
import { z } from 'zod';
import { apiPost, apiPut } from '@/client/api';
import { getT } from '@/i18n';
import { maxSessionTenths } from '@/lib/credits/accreditation';
import { pointsOf } from '@/lib/credits/rules';
import type { Locale } from '@/lib/locales';
import { localePath } from '@/lib/paths';
import CourseFee, { type CourseFees } from './CourseFee';
import { type ChosenFiles, type DocumentSlot, DocumentSlots, useDocumentUploads } from '../membership/document-slots';
import { useSendApplication } from '../membership/use-send-application';
import Field from '../shared/Field';
import SessionCreditFields from './SessionCreditFields';
import FormAlert from '../shared/FormAlert';
import IslandForm from '../shared/IslandForm';
import { useForm } from '../shared/use-form';

/** The fields of one session, as the form keeps them (`sessions.{i}.{field}`, the server's names for its errors). */
const SESSION_FIELDS = ['title', 'speaker', 'day', 'start', 'end', 'category', 'creditClass', 'points'] as const;
type SessionField = (typeof SESSION_FIELDS)[number];
const key = (i: number, field: SessionField) => `sessions.${i}.${field}`;
/** A session's box for one of the certification's topics (ticked: the session covers it). */
const topicKey = (i: number, topic: string) => `sessions.${i}.topics.${topic}`;
const clockMinutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

export type CourseValues = Record<string, string | boolean>;

// The course's own fields; each session's are checked by extraCheck.
const schema = z.looseObject({
  title: z.string().trim().min(1).max(200),
  place: z.string().trim().min(1).max(200),
  audience: z.string().trim().min(1).max(200),
  open: z.boolean(),
  declaration: z.literal(true),
});

export interface CourseCertification {
  id: number;
  categories: { key: string; name: string }[];
  /** The topics a session may cover (the certification's rules name them). */
  topics: { key: string; name: string }[];
  /** The most points a session may ask for each hour of its length. */
  maxPointsPerHour: number;
}

interface Props {
  locale: Locale;
  certification: CourseCertification;
  documents: DocumentSlot[];
  /** What an application sent today costs by its first day (the server's `courseFeeSchedule`). */
  fees: CourseFees;
  /** Today in Taipei: the earliest day a session may be on. */
  today: string;
  /** A course returned for changes: its fields and documents as sent, changed and sent again. */
  resend?: { applicationId: number; values: CourseValues; sessionCount: number; chosen: ChosenFiles };
}

/** The form's values of a session as sent (the resend form starts from them). */
export function sessionValues(
  i: number,
  s: {
    title: string;
    speaker: string;
    day: string;
    start: string;
    end: string;
    category: string;
    creditClass: string;
    topics: string[];
    points: number;
  },
): CourseValues {
  return {
    [key(i, 'title')]: s.title,
    [key(i, 'speaker')]: s.speaker,
    [key(i, 'day')]: s.day,
    [key(i, 'start')]: s.start,
    [key(i, 'end')]: s.end,
    [key(i, 'category')]: s.category,
    [key(i, 'creditClass')]: s.creditClass,
    [key(i, 'points')]: String(s.points),
    ...Object.fromEntries(s.topics.map((topic) => [topicKey(i, topic), true])),
  };
}

/**
 * An organisation's application to have a course accredited: the course, its sessions (added and
 * removed as needed, each with its speaker, time, category, topics and points asked), the agenda
 * and the speakers' CVs uploaded as they are chosen, and the organisation's declaration. Sent, it
 * opens the application's page; a second press while sending does nothing.
 */
export default function CourseForm({ locale, certification, documents, fees, today, resend }: Props) {
  const t = getT(locale);
  const uploads = useDocumentUploads(locale, documents, resend?.chosen ?? {});
  const { busy, alert, setAlert, send } = useSendApplication(locale);
  const [count, setCount] = useState(resend?.sessionCount ?? 1);
  const blank = useCallback(
    (i: number): CourseValues => ({
      ...sessionValues(i, {
        title: '',
        speaker: '',
        day: '',
        start: '',
        end: '',
        category: certification.categories[0]?.key ?? '',
        creditClass: 'A',
        topics: [],
        points: 0,
      }),
      [key(i, 'points')]: '',
      ...Object.fromEntries(certification.topics.map((topic) => [topicKey(i, topic.key), false])),
    }),
    [certification],
  );
  const extraCheck = useCallback(
    (v: CourseValues): Record<string, string> => {
      const problems: Record<string, string> = {};
      for (let i = 0; i < count; i++) {
        const text = (field: SessionField) => String(v[key(i, field)] ?? '').trim();
        for (const field of ['title', 'speaker'] as const)
          if (text(field) === '') problems[key(i, field)] = t('credits:courseForm.required');
        if (!/^\d{4}-\d{2}-\d{2}$/.test(text('day'))) problems[key(i, 'day')] = t('credits:courseForm.required');
        else if (text('day') <= today) problems[key(i, 'day')] = t('credits:courseForm.dayPast');
        for (const field of ['start', 'end'] as const)
          if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(text(field))) problems[key(i, field)] = t('credits:courseForm.time');
        if (!problems[key(i, 'end')] && !problems[key(i, 'start')] && text('end') <= text('start'))
          problems[key(i, 'end')] = t('credits:courseForm.endAfterStart');
        const points = Number(text('points'));
        if (!/^\d{1,3}(\.\d)?$/.test(text('points')) || !(points > 0 && points <= 100))
          problems[key(i, 'points')] = t('credits:courseForm.points');
        else if (!problems[key(i, 'start')] && !problems[key(i, 'end')]) {
          const minutes = clockMinutes(text('end')) - clockMinutes(text('start'));
          const max = pointsOf(maxSessionTenths(certification, minutes));
          if (minutes > 0 && points > max)
            problems[key(i, 'points')] = t('credits:courseForm.tooManyPoints', {
              max,
              perHour: certification.maxPointsPerHour,
            });
        }
      }
      if (v.declaration !== true) problems.declaration = t('credits:courseForm.declarationNeeded');
      return problems;
    },
    [t, count, today, certification],
  );
  const labels: Record<string, string> = {
    title: t('credits:course.title'),
    place: t('credits:course.place'),
    audience: t('credits:course.audience'),
    open: t('credits:courseForm.open'),
    declaration: t('credits:courseForm.declaration'),
  };
  const form = useForm<CourseValues>({
    schema,
    initial: resend?.values ?? { title: '', place: '', audience: '', open: true, declaration: false, ...blank(0) },
    labels,
    t,
    extraCheck,
    others: uploads,
  });
  const v = form.values;

  /** Each session's fields, and the keys of the topics ticked. */
  const sessionsOf = (values: CourseValues, n: number) =>
    Array.from({ length: n }, (_, i) => ({
      fields: Object.fromEntries(SESSION_FIELDS.map((f) => [f, values[key(i, f)]])),
      topics: certification.topics.filter((topic) => values[topicKey(i, topic.key)] === true).map((t) => t.key),
    }));

  const addSession = () => {
    // A new session starts on the day of the one before it, as most do.
    const previous = String(v[key(count - 1, 'day')] ?? '');
    for (const [field, value] of Object.entries({ ...blank(count), [key(count, 'day')]: previous }))
      form.set(field, value);
    setCount(count + 1);
    requestAnimationFrame(() => document.getElementById(`field-${key(count, 'title')}`)?.focus());
  };

  const removeSession = (index: number) => {
    const kept = sessionsOf(v, count).filter((_, i) => i !== index);
    kept.forEach((s, i) => {
      for (const [field, value] of Object.entries(s.fields))
        form.set(key(i, field as SessionField), value as string | boolean);
      for (const topic of certification.topics) form.set(topicKey(i, topic.key), s.topics.includes(topic.key));
    });
    setCount(count - 1);
    requestAnimationFrame(() => document.getElementById('add-session')?.focus());
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setAlert(null);
    void form.submit(async (values) => {
      const body = {
        title: String(values.title).trim(),
        place: String(values.place).trim(),
        audience: String(values.audience).trim(),
        open: values.open === true,
        declaration: true,
        sessions: sessionsOf(values, count).map(({ fields: s, topics }) => ({
          title: String(s.title).trim(),
          speaker: String(s.speaker).trim(),
          day: s.day,
          start: s.start,
          end: s.end,
          category: s.category,
          creditClass: s.creditClass,
          topics,
          points: Number(s.points),
        })),
        documents: uploads.chosen(),
      };
      const options = { suppressErrorToast: true };
      await send(
        async () => {
          const sent = await (resend
            ? apiPut<{ applicationId: number; certificationId: number }>(
                '/api/amsw0603/course',
                { applicationId: resend.applicationId, ...body },
                options,
              )
            : apiPost<{ applicationId: number; certificationId: number }>(
                '/api/amsw0603/course',
                { certificationId: certification.id, ...body },
                options,
              ));
          return { applicationId: sent.applicationId, type: 'course', form: { kindId: sent.certificationId } };
        },
        { fieldErrors: true },
      );
    });
  };

  const text = (name: string) => ({
    name,
    value: String(v[name] ?? ''),
    onChange: (value: string) => form.set(name, value),
    onBlur: () => form.touch(name),
    error: form.errorOf(name),
  });
  const check = (name: string, label: string, hint?: string) => (
    <label className="flex cursor-pointer items-start gap-3">
      <input
        id={`field-${name}`}
        type="checkbox"
        className="checkbox mt-0.5"
        checked={v[name] === true}
        onChange={(e) => form.set(name, e.target.checked)}
        aria-invalid={form.errorOf(name) ? true : undefined}
        aria-describedby={form.errorOf(name) ? `field-${name}-error` : undefined}
      />
      <span className="text-sm">
        {label}
        {hint && <span className="block text-base-content/80">{hint}</span>}
      </span>
    </label>
  );

  // The earliest day chosen decides the fee.
  const days = Array.from({ length: count }, (_, i) => String(v[key(i, 'day')] ?? '')).filter((d) =>
    /^\d{4}-\d{2}-\d{2}$/.test(d),
  );
  const firstDay = days.length > 0 ? days.sort()[0]! : null;

  const working = busy || form.submitting || uploads.uploading !== null;
  return (
    <IslandForm onSubmit={submit} busy={working}>
      <FormAlert message={alert ?? form.formError} />
      <div className="grid gap-4 md:grid-cols-2">
        <Field {...text('title')} label={labels.title!} maxLength={200} />
        <Field {...text('place')} label={labels.place!} hint={t('credits:courseForm.placeHint')} maxLength={200} />
        <Field
          {...text('audience')}
          label={labels.audience!}
          hint={t('credits:courseForm.audienceHint')}
          maxLength={200}
        />
        <div className="flex items-end pb-2">{check('open', labels.open!, t('credits:courseForm.openHint'))}</div>
      </div>
      <fieldset className="space-y-4">
        <legend className="mb-1 text-base font-semibold">{t('credits:course.sessions')}</legend>
        <p className="text-sm text-base-content/80">
          {t('credits:courseForm.sessionsHint', { perHour: certification.maxPointsPerHour })}
        </p>
        {Array.from({ length: count }, (_, i) => (
          <fieldset key={i} className="rounded-box border border-base-300 p-4">
            <legend className="px-1 text-sm font-medium">{t('credits:courseForm.session', { n: i + 1 })}</legend>
            <div className="grid gap-4 md:grid-cols-2">
              <Field {...text(key(i, 'title'))} label={t('credits:course.session')} maxLength={200} />
              <Field
                {...text(key(i, 'speaker'))}
                label={t('credits:course.speaker')}
                hint={t('credits:courseForm.speakerHint')}
                maxLength={100}
              />
              <Field {...text(key(i, 'day'))} label={t('credits:courseForm.day')} type="date" min={today} />
              <div className="grid grid-cols-2 gap-3">
                <Field {...text(key(i, 'start'))} label={t('credits:courseForm.start')} type="time" />
                <Field {...text(key(i, 'end'))} label={t('credits:courseForm.end')} type="time" />
              </div>
              <SessionCreditFields
                t={t}
                certification={certification}
                names={{
                  category: key(i, 'category'),
                  creditClass: key(i, 'creditClass'),
                  points: key(i, 'points'),
                  topic: (topic) => topicKey(i, topic),
                }}
                text={text}
                check={(name, label) => check(name, label)}
              />
            </div>
            {count > 1 && (
              <button type="button" className="btn btn-ghost btn-sm mt-3" onClick={() => removeSession(i)}>
                {t('credits:courseForm.removeSession', { n: i + 1 })}
              </button>
            )}
          </fieldset>
        ))}
        {count < 30 && (
          <button id="add-session" type="button" className="btn btn-outline btn-sm" onClick={addSession}>
            {t('credits:courseForm.addSession')}
          </button>
        )}
      </fieldset>
      <CourseFee locale={locale} fees={fees} firstDay={firstDay} />
      <DocumentSlots locale={locale} documents={documents} uploads={uploads} />
      <div>
        {check('declaration', t('credits:courseForm.declaration'), t('credits:courseForm.declarationHint'))}
        <a
          className="link ms-9 text-sm"
          href={localePath(`/organ/center/contiEdu/${certification.id}/detail/authorization`, locale)}
          target="_blank"
          rel="noopener"
        >
          {t('credits:courseForm.readDeclaration')}
        </a>
        {form.errorOf('declaration') && (
          <p id="field-declaration-error" className="mt-1 text-sm text-error">
            {form.errorOf('declaration')}
          </p>
        )}
      </div>
      <button type="submit" className="btn btn-primary" disabled={working}>
        {busy
          ? t('account:common.submitting')
          : resend
            ? t('credits:courseForm.resend')
            : t('credits:courseForm.submit')}
      </button>
    </IslandForm>
  );
}
