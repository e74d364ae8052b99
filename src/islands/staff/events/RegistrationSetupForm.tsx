import { type FormEvent, useCallback, useRef, useState } from 'react';
import { z } from 'zod';
import { ApiError, apiPut } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { localePath } from '@/lib/paths';
import { registrationSetupBody } from '@/lib/schemas/registrations';
import Field, { SelectField } from '../../shared/Field';
import FormAlert from '../../shared/FormAlert';
import IslandForm from '../../shared/IslandForm';
import { useForm } from '../../shared/use-form';
import BilingualFields from '../BilingualFields';
import { FormCheck } from '../editor/fields';
import SessionFields, { type SessionKind } from './SessionFields';
import TicketTypeFields from './TicketTypeFields';
import {
  fieldOf,
  initialSetup,
  type SetupRows,
  type SetupValues,
  type SetupView,
  sessionValues,
  setupBody,
  ticketTypeValues,
} from './setup-values';

interface Props {
  locale: Locale;
  eventId: number;
  /** The stored setup, or null for an event without registration yet. */
  setup: SetupView | null;
  /** The society's member classes (codes and names in the reader's language). */
  classes: { code: string; name: string }[];
  kinds: SessionKind[];
}

// Every check is the API's own schema, run on the body the values make (extraCheck).
const loose = z.looseObject({});

/**
 * An event's registration set up or changed: when it opens and closes (Taipei date-times), the
 * early-bird and cancellation deadlines, hours to pay and to take an offered seat, approval, the
 * questions asked, the refund rule's steps, the ticket types (added, removed, moved) and the
 * sessions with their credits. Checked with the API's schema as it is typed; saved in one PUT,
 * whose refusals (a capacity below the seats taken, a ticket type in use) are shown by their field.
 */
export default function RegistrationSetupForm({ locale, eventId, setup, classes, kinds }: Props) {
  const t = getT(locale);
  const s = (key: string, values: Record<string, string | number> = {}) => t(`eventDesk:setup.${key}`, values);
  const codes = classes.map((c) => c.code);
  const [start] = useState(() => initialSetup(setup, codes));
  const [rows, setRows] = useState<SetupRows>(start.rows);
  const next = useRef(1000);
  const topicsOf = useCallback(
    (kindId: number) => kinds.find((k) => k.id === kindId)?.topics.map((x) => x.key) ?? [],
    [kinds],
  );

  /** A problem in the reader's words: an empty field is asked for, a broken rule named, anything else checked. */
  const messageOf = useCallback(
    (key: string, issue: z.core.$ZodIssue, values: SetupValues) => {
      if (String(values[key] ?? '').trim() === '') return s('required');
      if (issue.code === 'custom') {
        if (key === 'closesAt') return s('closesAfterOpens');
        if (key === 'earlyBirdUntil') return s('earlyBeforeClose');
        if (key.endsWith('.end')) return s('endAfterStart');
        if (key.endsWith('.kind')) return s('creditsNeed');
      }
      if (issue.code === 'too_big') return s('tooBig');
      return s('invalid');
    },
    [t],
  );
  const extraCheck = useCallback(
    (values: SetupValues) => {
      const parsed = registrationSetupBody.safeParse(setupBody(eventId, values, rows, codes, topicsOf));
      const problems: Record<string, string> = {};
      if (!parsed.success)
        for (const issue of parsed.error.issues) {
          const key = fieldOf(issue.path as (string | number)[], rows);
          problems[key] ??= messageOf(key, issue, values);
        }
      return problems;
    },
    [rows, eventId, topicsOf, messageOf],
  );
  const form = useForm<SetupValues>({ schema: loose, initial: start.values, labels: {}, t, extraCheck });
  const v = form.values;
  const typeNames = rows.types.map((row, i) => ({
    row,
    name: String(v[`${row}.nameZh`] ?? '') || s('typeN', { n: i + 1 }),
  }));
  const takenOf = (row: string) =>
    setup?.ticketTypes.find((type) => String(type.ticketTypeId) === v[`${row}.id`])?.seatsTaken ?? 0;

  const add = (list: keyof SetupRows, prefix: string, values: (row: string) => SetupValues) => {
    const row = `${prefix}${next.current++}`;
    for (const [field, value] of Object.entries(values(row))) form.set(field, value);
    setRows((r) => ({ ...r, [list]: [...r[list], row] }));
    requestAnimationFrame(() => document.getElementById(`fieldset-${row}`)?.querySelector('input')?.focus());
  };
  const remove = (list: keyof SetupRows, row: string, back: string) => {
    setRows((r) => ({ ...r, [list]: r[list].filter((x) => x !== row) }));
    requestAnimationFrame(() => document.getElementById(back)?.focus());
  };
  const move = (row: string, direction: 'up' | 'down') =>
    setRows((r) => {
      const types = [...r.types];
      const at = types.indexOf(row);
      const to = direction === 'up' ? at - 1 : at + 1;
      if (to < 0 || to >= types.length) return r;
      [types[at], types[to]] = [types[to]!, types[at]!];
      return { ...r, types };
    });

  const save = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(async (values) => {
      try {
        await apiPut('/api/amsw1101/events/registration', setupBody(eventId, values, rows, codes, topicsOf), {
          suppressErrorToast: true,
        });
      } catch (error) {
        // The server names the body's paths; the form's fields are its rows'.
        const fields = (error instanceof ApiError && (error.data as { fields?: string[] } | null)?.fields) || null;
        if (error instanceof ApiError && fields)
          throw new ApiError({
            message: error.message,
            code: error.code,
            status: error.status,
            data: { ...(error.data as object), fields: fields.map((f) => fieldOf(f.split('.'), rows)) },
          });
        throw error;
      }
      window.location.assign(`${localePath(`/staff/events/${eventId}`, locale)}?done=saved`);
    });
  };

  const use = (name: 'diet' | 'receipt' | 'freeText', label: string) => (
    <SelectField
      {...form.field(name)}
      label={label}
      options={[
        { value: 'off', label: s('use.off') },
        { value: 'optional', label: s('use.optional') },
        { value: 'required', label: s('use.required') },
      ]}
    />
  );
  const listError = (name: 'ticketTypes' | 'sessions') =>
    form.errorOf(name) && (
      <p id={`field-${name}`} tabIndex={-1} className="text-sm text-error">
        {form.errorOf(name)}
      </p>
    );

  return (
    <IslandForm onSubmit={save} busy={form.submitting} className="space-y-6">
      <FormAlert message={form.formError} />
      <fieldset className="space-y-4">
        <legend className="mb-1 text-base font-semibold">{s('when')}</legend>
        <p className="text-sm text-base-content/80">{s('whenHint')}</p>
        <div className="grid gap-4 md:grid-cols-2">
          <Field {...form.field('opensAt')} label={s('opensAt')} type="datetime-local" />
          <Field {...form.field('closesAt')} label={s('closesAt')} type="datetime-local" />
          <Field
            {...form.field('earlyBirdUntil')}
            label={s('earlyBirdUntil')}
            type="datetime-local"
            optionalText={t('account:optional')}
          />
          <Field
            {...form.field('cancelUntil')}
            label={s('cancelUntil')}
            type="datetime-local"
            optionalText={t('account:optional')}
            hint={s('cancelHint')}
          />
          <Field {...form.field('payHours')} label={s('payHours')} inputMode="numeric" hint={s('payHoursHint')} />
          <Field {...form.field('offerHours')} label={s('offerHours')} inputMode="numeric" hint={s('offerHoursHint')} />
        </div>
        <FormCheck form={form} name="needsApproval" label={s('needsApproval')} />
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="mb-1 text-base font-semibold">{s('questions')}</legend>
        <div className="grid gap-4 md:grid-cols-3">
          {use('diet', s('diet'))}
          {use('receipt', s('receipt'))}
          {use('freeText', s('freeText'))}
        </div>
        {v.freeText !== 'off' && (
          <div className="grid gap-4 md:grid-cols-2">
            <BilingualFields
              form={form}
              name="freeTextLabel"
              labels={{ freeTextLabelZh: s('freeTextLabelZh'), freeTextLabelEn: s('freeTextLabelEn') }}
              t={t}
              required
              maxLength={200}
            />
          </div>
        )}
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="mb-1 text-base font-semibold">{s('refund')}</legend>
        <p className="text-sm text-base-content/80">{s('refundHint')}</p>
        {rows.refunds.map((row, i) => (
          <div key={row} id={`fieldset-${row}`} className="grid grid-cols-[1fr_1fr_auto] items-end gap-3">
            <Field {...form.field(`${row}.days`)} label={s('refundDays', { n: i + 1 })} inputMode="numeric" />
            <Field {...form.field(`${row}.percent`)} label={s('refundPercent', { n: i + 1 })} inputMode="numeric" />
            <button
              type="button"
              className="btn btn-ghost btn-sm mb-2"
              onClick={() => remove('refunds', row, 'add-refund')}
            >
              {s('removeStep', { n: i + 1 })}
            </button>
          </div>
        ))}
        <button
          id="add-refund"
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() => add('refunds', 'r', (row) => ({ [`${row}.days`]: '', [`${row}.percent`]: '' }))}
        >
          {s('addStep')}
        </button>
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="mb-1 text-base font-semibold">{s('ticketTypes')}</legend>
        {listError('ticketTypes')}
        {rows.types.map((row, i) => (
          <div key={row} id={`fieldset-${row}`}>
            <TicketTypeFields
              locale={locale}
              t={t}
              form={form}
              row={row}
              index={i}
              count={rows.types.length}
              classes={classes}
              taken={takenOf(row)}
              onMove={(direction) => move(row, direction)}
              onRemove={() => remove('types', row, 'add-ticket-type')}
            />
          </div>
        ))}
        <button
          id="add-ticket-type"
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() => {
            add('types', 't', (row) => ticketTypeValues(row, codes));
            // Every session admits a new ticket type until told otherwise.
            for (const session of rows.sessions) form.set(`${session}.admits.t${next.current - 1}`, true);
          }}
        >
          {s('addType')}
        </button>
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="mb-1 text-base font-semibold">{s('sessions')}</legend>
        <p className="text-sm text-base-content/80">{s('sessionsHint')}</p>
        {listError('sessions')}
        {rows.sessions.map((row, i) => (
          <div key={row} id={`fieldset-${row}`}>
            <SessionFields
              t={t}
              form={form}
              row={row}
              index={i}
              kinds={kinds}
              types={typeNames}
              onRemove={() => remove('sessions', row, 'add-session')}
            />
          </div>
        ))}
        <button
          id="add-session"
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() => add('sessions', 's', (row) => sessionValues(row, rows.types))}
        >
          {s('addSession')}
        </button>
      </fieldset>
      <button type="submit" className="btn btn-primary" disabled={form.submitting}>
        {form.submitting ? s('saving') : s('save')}
      </button>
    </IslandForm>
  );
}
