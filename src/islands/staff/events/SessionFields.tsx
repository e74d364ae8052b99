import type { TFunction } from 'i18next';
import Field, { SelectField } from '../../shared/Field';
import type { useForm } from '../../shared/use-form';
import SessionCreditFields from '../../credits/SessionCreditFields';
import BilingualFields from '../BilingualFields';
import { FormCheck } from '../editor/fields';
import type { SetupValues } from './setup-values';

type Form = ReturnType<typeof useForm<SetupValues>>;

/** A certification a session may grant credits toward, as the course form asks them. */
export interface SessionKind {
  id: number;
  name: string;
  categories: { key: string; name: string }[];
  topics: { key: string; name: string }[];
  maxPointsPerHour: number;
}

/**
 * One session of the event (a day, a workshop): its title in both languages, its Taipei day and
 * times, whether it is scanned out too, the credits it grants (a certification, then its category,
 * class, points and topics as the course form asks them) and the ticket types it admits.
 */
export default function SessionFields({
  t,
  form,
  row,
  index,
  kinds,
  types,
  onRemove,
}: {
  t: TFunction;
  form: Form;
  row: string;
  index: number;
  kinds: SessionKind[];
  /** The ticket types of the form, in order: their rows and names. */
  types: { row: string; name: string }[];
  onRemove: () => void;
}) {
  const s = (key: string, values: Record<string, string | number> = {}) => t(`eventDesk:setup.${key}`, values);
  const labels = { [`${row}.titleZh`]: s('titleZh'), [`${row}.titleEn`]: s('titleEn') };
  const kind = kinds.find((k) => String(k.id) === form.values[`${row}.kind`]);
  const title = String(form.values[`${row}.titleZh`] ?? '') || s('sessionN', { n: index + 1 });
  const chooseKind = (value: string) => {
    form.set(`${row}.kind`, value);
    const chosen = kinds.find((k) => String(k.id) === value);
    if (chosen && !chosen.categories.some((c) => c.key === form.values[`${row}.category`]))
      form.set(`${row}.category`, chosen.categories[0]?.key ?? '');
  };
  return (
    <fieldset className="rounded-box border border-base-300 p-4">
      <legend className="px-1 text-sm font-medium">{s('sessionN', { n: index + 1 })}</legend>
      <div className="grid gap-4 md:grid-cols-2">
        <BilingualFields form={form} name={`${row}.title`} labels={labels} t={t} required maxLength={200} />
        <Field {...form.field(`${row}.day`)} label={s('day')} type="date" hint={s('taipeiHint')} />
        <div className="grid grid-cols-2 gap-3">
          <Field {...form.field(`${row}.start`)} label={s('start')} type="time" />
          <Field {...form.field(`${row}.end`)} label={s('end')} type="time" />
        </div>
        <div className="flex items-end pb-2">
          <FormCheck form={form} name={`${row}.needsCheckOut`} label={s('needsCheckOut')} />
        </div>
        <SelectField
          {...form.field(`${row}.kind`)}
          onChange={chooseKind}
          label={s('kind')}
          options={[
            { value: '', label: s('noCredits') },
            ...kinds.map((k) => ({ value: String(k.id), label: k.name })),
          ]}
        />
        {kind && (
          <SessionCreditFields
            t={t}
            certification={kind}
            names={{
              category: `${row}.category`,
              creditClass: `${row}.creditClass`,
              points: `${row}.points`,
              topic: (topic) => `${row}.topic.${topic}`,
            }}
            text={form.field}
            check={(name, label) => <FormCheck form={form} name={name} label={label} />}
          />
        )}
      </div>
      <fieldset className="mt-4">
        <legend className="mb-2 text-sm font-medium">{s('admits')}</legend>
        <div className="flex flex-wrap gap-4">
          {types.map((type) => (
            <FormCheck key={type.row} form={form} name={`${row}.admits.${type.row}`} label={type.name} />
          ))}
        </div>
      </fieldset>
      <button type="button" className="btn btn-ghost btn-sm mt-3" onClick={onRemove}>
        {s('removeSession', { name: title })}
      </button>
    </fieldset>
  );
}
