import { apiPost, apiPut } from '@/client/api';
import { navigate } from '@/client/navigation';
import { getT } from '@/i18n';
import { applicationResultPath } from '@/lib/applications/result-path';
import { periodEnd } from '@/lib/calendar-date';
import { formatDay } from '@/lib/format';
import type { Locale } from '@/lib/locales';
import { quitBody, replaceBody, restartBody, stopBody } from '@/lib/schemas/membership';
import Field, { TextAreaField } from '../shared/Field';
import { ChoiceList } from '../shared/ChoiceList';
import FormAlert from '../shared/FormAlert';
import IslandForm from '../shared/IslandForm';
import { useForm } from '../shared/use-form';

interface DayChoice {
  earliest: string;
  latest: string;
  suggested: string;
}

interface Props {
  locale: Locale;
  flow: 'quit' | 'stop' | 'restart' | 'replace';
  lastDay: DayChoice | null;
  pauseFrom: DayChoice | null;
  pauseUntil: DayChoice | null;
  /** The longest pause the society allows, in months. */
  pauseMaxMonths: number;
  /** Changing an application returned for changes: its id and what it was sent with. */
  resend?: { applicationId: number; initial: { lastDay: string; from: string; until: string; reason: string } };
}

const SCHEMAS = { quit: quitBody, stop: stopBody, restart: restartBody, replace: replaceBody };
const REASONS = ['lost', 'damaged', 'nameChanged'] as const;

type Sent = { applicationId: number; type: string };

/**
 * A member's application to leave, pause, resume or have a new certificate: the days inside the
 * ranges the server offered (checked again there), a reason, then its result page. With `resend`,
 * the same form changes an application returned for changes and sends it again. A second press
 * while sending does nothing.
 */
export default function StatusFlowForm({
  locale,
  flow,
  lastDay,
  pauseFrom,
  pauseUntil,
  pauseMaxMonths,
  resend,
}: Props) {
  const t = getT(locale);
  const form = useForm({
    schema: SCHEMAS[flow],
    initial: resend?.initial ?? {
      lastDay: lastDay?.suggested ?? '',
      from: pauseFrom?.suggested ?? '',
      until: pauseUntil?.suggested ?? '',
      reason: flow === 'replace' ? 'lost' : '',
    },
    labels: {
      lastDay: t('membership:flows.fields.lastDay'),
      from: t('membership:flows.fields.from'),
      until: t('membership:flows.fields.until'),
      reason: t('membership:flows.fields.reason'),
    },
    t,
  });
  // The last day of a pause follows its first: up to the society's limit.
  const from = form.values.from;
  const untilLatest = /^\d{4}-\d{2}-\d{2}$/.test(from) ? periodEnd(from, pauseMaxMonths) : undefined;
  const day = (d: string) => formatDay(d, locale);
  const range = (choice: DayChoice) =>
    t('membership:flows.range', { earliest: day(choice.earliest), latest: day(choice.latest) });

  const onSubmit = async (event: React.SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    await form.submit(async (values) => {
      const options = { suppressErrorToast: true };
      const app = await (resend
        ? apiPut<Sent>('/api/amsw0101/editForm', { applicationId: resend.applicationId, ...values }, options)
        : apiPost<Sent>(`/api/amsw0402/${flow}`, values, options));
      navigate(applicationResultPath({ id: app.applicationId, type: app.type }, locale));
    });
  };

  return (
    <IslandForm onSubmit={onSubmit} busy={form.submitting}>
      <FormAlert message={form.formError} />
      {flow === 'quit' && lastDay && (
        <Field
          {...form.field('lastDay')}
          type="date"
          label={t('membership:flows.fields.lastDay')}
          hint={range(lastDay)}
          min={lastDay.earliest}
          max={lastDay.latest}
        />
      )}
      {flow === 'stop' && pauseFrom && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            {...form.field('from')}
            type="date"
            label={t('membership:flows.fields.from')}
            hint={range(pauseFrom)}
            min={pauseFrom.earliest}
            max={pauseFrom.latest}
            readOnly={pauseFrom.earliest === pauseFrom.latest}
          />
          <Field
            {...form.field('until')}
            type="date"
            label={t('membership:flows.fields.until')}
            hint={t('membership:flows.untilHint', { months: pauseMaxMonths })}
            min={from || undefined}
            max={untilLatest}
          />
        </div>
      )}
      {flow === 'replace' ? (
        <ChoiceList
          name="reason"
          legend={t('membership:flows.fields.replaceReason')}
          choices={REASONS}
          label={(r) => t(`membership:flows.replaceReasons.${r}`)}
          value={form.values.reason}
          onChange={(r) => form.set('reason', r)}
          error={form.errorOf('reason')}
        />
      ) : (
        <TextAreaField
          {...form.field('reason')}
          label={t('membership:flows.fields.reason')}
          optionalText={` ${t('membership:classes.optional')}`}
          rows={3}
          maxLength={500}
        />
      )}
      <button type="submit" className="btn btn-primary" disabled={form.submitting}>
        {form.submitting
          ? t('account:common.submitting')
          : t(resend ? 'membership:application.resubmit' : `membership:flows.${flow}.submit`)}
      </button>
    </IslandForm>
  );
}
