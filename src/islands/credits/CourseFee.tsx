import { formatMoney, getT } from '@/i18n';
import { formatDay } from '@/lib/format';
import type { Locale } from '@/lib/locales';

interface Fee {
  reviewFee: number;
  urgentFee: number;
  total: number;
}

/** The fees of an application sent today by its first day, as the server bills them (`courseFeeSchedule`). */
export interface CourseFees {
  onTimeFrom: string;
  urgentFrom: string;
  urgentUntil: string;
  leadDays: number;
  urgentDays: number;
  onTime: Fee;
  urgent: Fee;
}

/**
 * The course's review fee beside its form: the rule with the days it changes on, and what this
 * course costs as its sessions' days are chosen (the earliest decides), read from the server's
 * schedule, never worked out here.
 */
export default function CourseFee({
  locale,
  fees,
  firstDay,
}: {
  locale: Locale;
  fees: CourseFees;
  firstDay: string | null;
}) {
  const t = getT(locale);
  const money = (n: number) => formatMoney(n, locale);
  const day = (d: string) => formatDay(d, locale);
  const fee = !firstDay
    ? null
    : firstDay >= fees.onTimeFrom
      ? fees.onTime
      : firstDay >= fees.urgentFrom
        ? fees.urgent
        : null;
  return (
    <section className="rounded-box border border-base-300 bg-base-200 p-4 text-sm" aria-labelledby="course-fee">
      <h2 id="course-fee" className="mb-2 text-base font-semibold">
        {t('credits:courseFee.title')}
      </h2>
      <ul className="list-disc space-y-1 ps-5">
        <li>
          {t('credits:courseFee.onTime', {
            date: day(fees.onTimeFrom),
            days: fees.leadDays,
            fee: money(fees.onTime.total),
          })}
        </li>
        {fees.urgent.urgentFee > 0 && (
          <li>
            {t('credits:courseFee.urgent', {
              from: day(fees.urgentFrom),
              to: day(fees.urgentUntil),
              total: money(fees.urgent.total),
              review: money(fees.urgent.reviewFee),
              urgent: money(fees.urgent.urgentFee),
            })}
          </li>
        )}
        <li>{t('credits:courseFee.tooLate', { date: day(fees.urgentFrom), days: fees.urgentDays })}</li>
      </ul>
      <p className="mt-3 font-semibold" role="status" aria-live="polite">
        {!firstDay
          ? t('credits:courseFee.chooseDay')
          : fee === null
            ? t('credits:courseFee.thisTooLate', { date: day(firstDay) })
            : fee.urgentFee > 0
              ? t('credits:courseFee.thisUrgent', {
                  date: day(firstDay),
                  total: money(fee.total),
                  review: money(fee.reviewFee),
                  urgent: money(fee.urgentFee),
                })
              : t('credits:courseFee.thisOnTime', { date: day(firstDay), total: money(fee.total) })}
      </p>
      <p className="mt-1 text-base-content/80">{t('credits:courseFee.when')}</p>
    </section>
  );
}
