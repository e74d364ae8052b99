import { useState } from 'react';
import { apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { PERSON_FIELD_LABELS } from '@/lib/person-fields';
import { personCorrectionForm, type PersonCorrectionValues } from '@/lib/schemas/staff';
import { showToast } from '@/stores/toast';
import Field from '../shared/Field';
import CodeField from './CodeField';
import FormAlert from '../shared/FormAlert';
import IslandForm from '../shared/IslandForm';
import { useForm, type Values } from '../shared/use-form';

/** The form's text boxes: every field but the two chosen from a list, the reason and the code. */
type Name = Exclude<keyof PersonCorrectionValues, 'gender' | 'preferredLocale' | 'reason' | 'updatedAt' | 'code'>;

const TEXT_FIELDS: { name: Name; type?: 'email' | 'date' | 'tel'; optional?: boolean }[] = [
  { name: 'nameZh', optional: true },
  { name: 'nameEn', optional: true },
  { name: 'email', type: 'email' },
  { name: 'personId', optional: true },
  { name: 'birthDate', type: 'date', optional: true },
  { name: 'mobile', type: 'tel', optional: true },
  { name: 'phone', type: 'tel', optional: true },
  { name: 'postalCode', optional: true },
  { name: 'address', optional: true },
  { name: 'workplace', optional: true },
  { name: 'department', optional: true },
  { name: 'jobTitle', optional: true },
  { name: 'education', optional: true },
];

/** One of the form's fields chosen from a list: its label above a <select>. */
function Choice(props: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; text: string }[];
}) {
  return (
    <div className="flex flex-col">
      <label htmlFor={`field-${props.name}`} className="mb-1 block text-sm font-medium">
        {props.label}
      </label>
      <select
        id={`field-${props.name}`}
        className="select select-bordered w-full"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      >
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.text}
          </option>
        ))}
      </select>
    </div>
  );
}

interface Props {
  locale: Locale;
  accountId: number;
  /** The account as stored (personId ''), with its `updatedAt`. */
  initial: Values;
  personIdMasked: string;
  /** The account holds a staff role: a new e-mail needs a fresh code of the office worker's second factor. */
  emailNeedsCode: boolean;
}

/**
 * The office's correction of a person's details: opened from the story page, sent with a reason
 * and the version it was read from; the page reloads to show the change and its audit entry. A new
 * e-mail for a staff account asks for a fresh code from the office worker's authenticator.
 */
export default function PersonCorrection({ locale, accountId, initial, personIdMasked, emailNeedsCode }: Props) {
  const t = getT(locale);
  const [open, setOpen] = useState(false);
  const labels = Object.fromEntries(Object.entries(PERSON_FIELD_LABELS).map(([f, key]) => [f, t(key)]));
  const form = useForm<Values>({
    schema: personCorrectionForm,
    initial: { ...initial, reason: '', code: '' },
    labels: { ...labels, code: t('staff:people.correct.code') },
    t,
  });

  if (!open)
    return (
      <button type="button" className="btn btn-outline" aria-expanded="false" onClick={() => setOpen(true)}>
        {t('staff:people.correct.open')}
      </button>
    );

  const value = (name: string) => String(form.values[name] ?? '');
  const choices = {
    gender: [
      { value: '', text: t('staff:people.correct.genderNone') },
      ...(['male', 'female', 'other'] as const).map((g) => ({ value: g, text: t(`staff:people.story.genders.${g}`) })),
    ],
    preferredLocale: [
      { value: 'zh-tw', text: '繁體中文' },
      { value: 'en-us', text: 'English' },
    ],
  };
  const asksCode = emailNeedsCode && value('email').trim() !== String(initial.email ?? '');

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    let changed: string[] = [];
    const ok = await form.submit(async (values) => {
      ({ changed } = await apiPost<{ changed: string[] }>(
        '/api/amsw1101/people/correct',
        { ...values, code: asksCode ? values.code : '', accountId },
        { suppressErrorToast: true },
      ));
    });
    if (!ok) return;
    if (changed.length === 0) {
      showToast({ message: t('staff:people.correct.unchanged'), type: 'info' });
      return;
    }
    // The page again, saying what was saved above the story and its new audit entry.
    const url = new URL(window.location.href);
    url.searchParams.set('saved', changed.join(','));
    window.location.assign(url.toString());
  };

  return (
    <IslandForm onSubmit={onSubmit} busy={form.submitting}>
      <h3 className="text-lg font-semibold">{t('staff:people.correct.title')}</h3>
      <p className="text-sm">{t('staff:people.correct.intro')}</p>
      <FormAlert message={form.formError} />
      <div className="grid gap-3 md:grid-cols-2">
        {TEXT_FIELDS.map((f) => (
          <Field
            key={f.name}
            name={f.name}
            label={labels[f.name]!}
            optionalText={f.optional ? t('account:optional') : undefined}
            type={f.type ?? 'text'}
            value={value(f.name)}
            onChange={(v) => form.set(f.name, v)}
            onBlur={() => form.touch(f.name)}
            error={form.errorOf(f.name)}
            hint={
              f.name === 'personId'
                ? t('staff:people.correct.personIdHint', { masked: personIdMasked })
                : f.name === 'email'
                  ? t('staff:people.correct.emailHint')
                  : undefined
            }
            required={!f.optional}
          />
        ))}
        {Object.entries(choices).map(([name, options]) => (
          <Choice
            key={name}
            name={name}
            label={labels[name]!}
            value={value(name)}
            onChange={(v) => form.set(name, v)}
            options={options}
          />
        ))}
      </div>
      <Field
        name="reason"
        label={labels.reason!}
        value={value('reason')}
        onChange={(v) => form.set('reason', v)}
        onBlur={() => form.touch('reason')}
        error={form.errorOf('reason')}
        hint={t('staff:people.correct.reasonHint')}
        required
      />
      {asksCode && (
        <div role="group" aria-labelledby="correction-code-note">
          <p id="correction-code-note" className="mb-1 text-sm">
            {t('staff:people.correct.codeNote')}
          </p>
          <CodeField
            t={t}
            label={t('staff:people.correct.code')}
            value={value('code')}
            onChange={(v) => form.set('code', v)}
            onBlur={() => form.touch('code')}
            error={form.errorOf('code')}
          />
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={form.submitting}>
          {form.submitting ? t('staff:people.correct.saving') : t('staff:people.correct.save')}
        </button>
        <button type="button" className="btn btn-ghost" disabled={form.submitting} onClick={() => setOpen(false)}>
          {t('staff:people.correct.cancel')}
        </button>
      </div>
    </IslandForm>
  );
}
