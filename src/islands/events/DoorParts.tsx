import { forwardRef } from 'react';
import { ApiError, apiPost } from '@/client/api';
import { getT } from '@/i18n';
import { formatDateTime, formatDay } from '@/lib/format';
import type { Locale } from '@/lib/locales';
import { minuteText, type CheckInDirection } from '@/lib/registrations/door-code';
import type { DoorScanAnswer, DoorSession } from '@/lib/schemas/door';

/** What the answer box shows: a scan's answer, why the scan did not go through, or a note (a scan undone). */
export type Shown = { answer: DoorScanAnswer } | { failure: string } | { note: string };

/** How each answer looks: green for in or out now, amber for a ticket scanned before, red for a refusal. */
function tone(result: DoorScanAnswer['result']): string {
  if (result === 'checkedIn' || result === 'checkedOut') return 'alert-success';
  if (result === 'already') return 'alert-warning';
  return 'alert-error';
}

/** A short buzz for a good scan, three for anything else (where the phone can). */
export function buzz(ok: boolean): void {
  try {
    navigator.vibrate?.(ok ? 80 : [80, 60, 80, 60, 80]);
  } catch {
    // no vibration here
  }
}

/** Why a request of the door did not go through, in words. */
export function failure(locale: Locale, error: unknown): Shown {
  return {
    failure: getT(locale)('door:failed', { message: error instanceof ApiError ? error.message : String(error) }),
  };
}

/** Posts one scan (staff name their event); answers what to show, the phone buzzing with it. */
export async function postScan(
  locale: Locale,
  body: { eventId?: number; sessionId: number; direction: CheckInDirection } & (
    { code: string } | { registrationId: number }
  ),
): Promise<Shown> {
  try {
    const answer = await apiPost<DoorScanAnswer>('/api/amsw0307/scan', body, { suppressErrorToast: true });
    buzz(answer.result === 'checkedIn' || answer.result === 'checkedOut');
    return { answer };
  } catch (error) {
    buzz(false);
    return failure(locale, error);
  }
}

/** A session's day and time, then its name, for the session choice (a phone's narrow select cuts the end off). */
function sessionLabel(locale: Locale, s: SessionChoice) {
  const time = getT(locale)('door:sessionTime', {
    day: formatDay(s.day, locale),
    from: minuteText(s.startMinute),
    to: minuteText(s.endMinute),
  });
  return `${time} · ${s.title}`;
}

type SessionChoice = Pick<DoorSession, 'sessionId' | 'title' | 'day' | 'startMinute' | 'endMinute'>;

/** The choice of the session scanned, each by its name, day and time. */
export function SessionSelect({
  locale,
  sessions,
  value,
  disabled,
  onChange,
}: {
  locale: Locale;
  sessions: readonly SessionChoice[];
  value: number;
  disabled: boolean;
  onChange: (sessionId: number) => void;
}) {
  return (
    <label className="form-control w-full">
      <span className="label-text font-semibold">{getT(locale)('door:session')}</span>
      <select
        className="select select-bordered w-full"
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(Number(e.target.value))}
        data-testid="door-session"
      >
        {sessions.map((s) => (
          <option key={s.sessionId} value={s.sessionId}>
            {sessionLabel(locale, s)}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * A scan's answer at the door, big, coloured and in words (never colour alone), in a live region
 * that announces each new answer at once.
 */
export const ScanAnswer = forwardRef<HTMLDivElement, { locale: Locale; shown: Shown | null }>(function ScanAnswer(
  { locale, shown },
  ref,
) {
  const t = getT(locale);
  const answer = shown && 'answer' in shown ? shown.answer : null;
  return (
    <div ref={ref} role="status" aria-live="assertive" aria-atomic="true" data-testid="door-answer">
      {answer && (
        <div className={`alert ${tone(answer.result)} block`} data-result={answer.result}>
          <p className="text-2xl font-bold">{t(`door:results.${answer.result}`)}</p>
          {answer.registration && (
            <p className="text-lg">
              {t('door:detail.holder', {
                holder: answer.registration.holder,
                ticketType: answer.registration.ticketType,
                number: answer.registration.number,
              })}
            </p>
          )}
          {answer.result === 'already' && answer.at && (
            <p>{t('door:detail.already', { time: formatDateTime(answer.at, locale), door: answer.door ?? '' })}</p>
          )}
          {answer.result === 'wrongEvent' && answer.otherEvent && (
            <p>{t('door:detail.wrongEvent', { event: answer.otherEvent })}</p>
          )}
        </div>
      )}
      {shown && 'note' in shown && (
        <p className="alert alert-info text-lg font-bold" data-result="note">
          {shown.note}
        </p>
      )}
      {shown && 'failure' in shown && (
        <p className="alert alert-error text-lg font-bold" data-result="failed">
          {shown.failure}
        </p>
      )}
    </div>
  );
});
