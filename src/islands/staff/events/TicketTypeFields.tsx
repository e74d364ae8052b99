import type { TFunction } from 'i18next';
import type { Locale } from '@/lib/locales';
import Field from '../../shared/Field';
import type { useForm } from '../../shared/use-form';
import BilingualFields from '../BilingualFields';
import { FormCheck } from '../editor/fields';
import MoveButtons from '../MoveButtons';
import type { SetupValues } from './setup-values';

type Form = ReturnType<typeof useForm<SetupValues>>;

/**
 * One ticket type of the setup form: its names, capacity (with the seats taken, below which it
 * cannot go), its price for each member class and for web users, and early-bird prices when asked;
 * moved up or down, or removed (refused by the server while registrations hold it).
 */
export default function TicketTypeFields({
  locale,
  t,
  form,
  row,
  index,
  count,
  classes,
  taken,
  onMove,
  onRemove,
}: {
  locale: Locale;
  t: TFunction;
  form: Form;
  row: string;
  index: number;
  count: number;
  /** The society's member classes: their codes and names in the reader's language. */
  classes: { code: string; name: string }[];
  /** Seats taken so far (a stored ticket type). */
  taken: number;
  onMove: (direction: 'up' | 'down') => void;
  onRemove: () => void;
}) {
  const s = (key: string, values: Record<string, string | number> = {}) => t(`eventDesk:setup.${key}`, values);
  const labels = { [`${row}.nameZh`]: s('nameZh'), [`${row}.nameEn`]: s('nameEn') };
  const title = String(form.values[`${row}.nameZh`] ?? '') || s('typeN', { n: index + 1 });
  const price = (prefix: 'price' | 'early', label: string, name: string) => (
    <Field
      key={`${prefix}.${name}`}
      {...form.field(`${row}.${prefix}.${name}`)}
      label={label}
      inputMode="numeric"
      optionalText={name === 'webUser' ? undefined : t('account:optional')}
    />
  );
  const early = form.values[`${row}.earlyOn`] === true;
  return (
    <fieldset className="rounded-box border border-base-300 p-4">
      <legend className="px-1 text-sm font-medium">{s('typeN', { n: index + 1 })}</legend>
      <div className="grid gap-4 md:grid-cols-2">
        <BilingualFields form={form} name={`${row}.name`} labels={labels} t={t} required maxLength={100} />
        <Field
          {...form.field(`${row}.capacity`)}
          label={s('capacity')}
          inputMode="numeric"
          hint={taken > 0 ? s('takenHint', { taken }) : undefined}
        />
      </div>
      <fieldset className="mt-4">
        <legend className="mb-2 text-sm font-medium">{s('prices')}</legend>
        <p className="mb-2 text-xs text-base-content/70">{s('pricesHint')}</p>
        <div className="grid gap-4 sm:grid-cols-2 md:grid-cols-3">
          {classes.map((c) => price('price', s('classPrice', { name: c.name }), c.code))}
          {price('price', s('webUserPrice'), 'webUser')}
        </div>
      </fieldset>
      <div className="mt-4">
        <FormCheck form={form} name={`${row}.earlyOn`} label={s('earlyOn')} />
      </div>
      {early && (
        <fieldset className="mt-2">
          <legend className="mb-2 text-sm font-medium">{s('earlyPrices')}</legend>
          <div className="grid gap-4 sm:grid-cols-2 md:grid-cols-3">
            {classes.map((c) => price('early', s('classPrice', { name: c.name }), c.code))}
            {price('early', s('webUserPrice'), 'webUser')}
          </div>
        </fieldset>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <MoveButtons
          locale={locale}
          idPrefix="ticket-type"
          id={Number(row.slice(1))}
          title={title}
          index={index}
          count={count}
          disabled={false}
          onMove={onMove}
        />
        {count > 1 && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={onRemove}>
            {s('removeType', { name: title })}
          </button>
        )}
      </div>
    </fieldset>
  );
}
