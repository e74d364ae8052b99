import { useState } from 'react';
import { apiPut } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { editIndividualBody, editIndividualFormBody, editOrganisationBody } from '@/lib/schemas/account';
import { showToast } from '@/stores/toast';
import Field from '../shared/Field';
import FormAlert from '../shared/FormAlert';
import { useForm, type Values } from '../shared/use-form';
import IslandForm from '../shared/IslandForm';

/** The three profile forms: one island, each described by its fields, schema and endpoint. */
const FORMS = {
  individualContact: {
    schema: editIndividualBody,
    path: '/api/amsw0101/edit',
    fields: [
      { name: 'nameEn', optional: true, autoComplete: 'name' },
      { name: 'mobile', type: 'tel', autoComplete: 'tel', inputMode: 'tel', hint: 'signup:mobileHint' },
      { name: 'phone', type: 'tel', optional: true, autoComplete: 'tel', inputMode: 'tel' },
      { name: 'postalCode', optional: true, autoComplete: 'postal-code', inputMode: 'numeric' },
      { name: 'address', optional: true, autoComplete: 'street-address' },
      { name: 'preferredLocale', type: 'locale' },
    ],
  },
  individualWork: {
    schema: editIndividualFormBody,
    path: '/api/amsw0101/editWork',
    fields: [
      { name: 'workplace', optional: true, autoComplete: 'organization' },
      { name: 'department', optional: true },
      { name: 'jobTitle', optional: true, autoComplete: 'organization-title' },
      { name: 'education', optional: true },
    ],
  },
  organisation: {
    schema: editOrganisationBody,
    path: '/api/amsw0103/edit',
    fields: [
      { name: 'name', label: 'organName', autoComplete: 'organization' },
      { name: 'nameEn', label: 'organNameEn', optional: true },
      { name: 'contactName', autoComplete: 'name' },
      { name: 'contactTitle', optional: true },
      { name: 'phone', type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
      { name: 'fax', type: 'tel', optional: true, inputMode: 'tel' },
      { name: 'postalCode', optional: true, autoComplete: 'postal-code', inputMode: 'numeric' },
      { name: 'address', autoComplete: 'street-address' },
      { name: 'website', type: 'url', optional: true, autoComplete: 'url' },
      { name: 'topicIds', type: 'topics', label: 'topics' },
      { name: 'preferredLocale', type: 'locale' },
    ],
  },
} as const;

/** Asked once of an individual without a birth date (a member brought over from an old system). */
const BIRTH_DATE_FIELD: FieldSpec = { name: 'birthDate', type: 'date', optional: true, autoComplete: 'bday' };

interface FieldSpec {
  name: string;
  label?: string;
  type?: 'tel' | 'url' | 'date' | 'locale' | 'topics';
  optional?: boolean;
  autoComplete?: string;
  inputMode?: 'tel' | 'numeric';
  /** The key of a hint shown under the field. */
  hint?: string;
}

interface Props {
  locale: Locale;
  form: keyof typeof FORMS;
  initial: Values;
  topics?: { topicId: number; name: string }[];
  /** Where to go after saving (a path in the reader's language), or stay. */
  doneHref?: string;
  /** The individual has no birth date yet: offer the field (it fills it once). */
  askBirthDate?: boolean;
}

export default function ProfileForm({ locale, form: kind, initial, topics = [], doneHref, askBirthDate }: Props) {
  const t = getT(locale);
  const spec = FORMS[kind];
  const fields: readonly FieldSpec[] = askBirthDate ? [...spec.fields, BIRTH_DATE_FIELD] : spec.fields;
  const labelOf = (f: FieldSpec) => t(`account:fields.${f.label ?? f.name}`);
  const form = useForm({
    schema: spec.schema,
    initial,
    labels: Object.fromEntries(fields.map((f) => [f.name, labelOf(f)])),
    t,
  });
  const [saved, setSaved] = useState<string | null>(null);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSaved(null);
    const ok = await form.submit(async (values) => {
      await apiPut(spec.path, values, { suppressErrorToast: true });
    });
    if (ok) {
      setSaved(t('account:edit.saved'));
      showToast({ message: t('account:edit.saved'), type: 'success' });
      if (doneHref) window.location.assign(doneHref);
    }
  };

  return (
    <IslandForm onSubmit={onSubmit} busy={form.submitting}>
      <FormAlert message={form.formError} />
      <FormAlert message={saved} tone="success" />
      {fields.map((f) => {
        if (f.type === 'locale') {
          return (
            <div key={f.name} className="flex flex-col">
              <label htmlFor={`field-${f.name}`} className="mb-1 block text-sm font-medium">
                {labelOf(f)}
              </label>
              <select
                id={`field-${f.name}`}
                className="select select-bordered w-full max-w-xs"
                value={String(form.values[f.name])}
                onChange={(e) => form.set(f.name, e.target.value)}
              >
                <option value="zh-tw">繁體中文</option>
                <option value="en-us">English</option>
              </select>
            </div>
          );
        }
        if (f.type === 'topics') {
          const chosen = new Set((form.values.topicIds as number[] | undefined) ?? []);
          return (
            <fieldset key={f.name} className="rounded-box border border-base-300 p-3">
              <legend className="px-1 text-sm font-medium">{labelOf(f)}</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {topics.map((topic) => (
                  <label key={topic.topicId} className="flex cursor-pointer items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="checkbox checkbox-sm"
                      checked={chosen.has(topic.topicId)}
                      onChange={(e) => {
                        const next = new Set(chosen);
                        if (e.target.checked) next.add(topic.topicId);
                        else next.delete(topic.topicId);
                        form.set('topicIds', [...next]);
                      }}
                    />
                    {topic.name}
                  </label>
                ))}
              </div>
            </fieldset>
          );
        }
        return (
          <Field
            key={f.name}
            name={f.name}
            label={labelOf(f)}
            optionalText={f.optional ? t('account:optional') : undefined}
            type={f.type ?? 'text'}
            value={String(form.values[f.name] ?? '')}
            onChange={(v) => form.set(f.name, v)}
            onBlur={() => form.touch(f.name)}
            error={form.errorOf(f.name)}
            hint={f.hint ? t(f.hint) : undefined}
            required={!f.optional}
            autoComplete={f.autoComplete}
            inputMode={f.inputMode}
          />
        );
      })}
      <button type="submit" className="btn btn-primary" disabled={form.submitting}>
        {form.submitting ? t('account:common.submitting') : t('account:edit.save')}
      </button>
    </IslandForm>
  );
}
