/** What a registrant sees of a registration, the same wherever it is answered (their list, a new registration, a cancellation). */
import { type I18nText, pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import { refundOf, type RefundSteps } from '../../../lib/registrations/refund';
import { ACTIVE_REGISTRATION_STATES, type RegistrationState, SEAT_STATES } from '../../../lib/registrations/states';
import type { eventRegistrations } from '../../db/schema';

type RegistrationRow = typeof eventRegistrations.$inferSelect;

/** What a registration holds in money: its price once confirmed (its order paid), else nothing. */
export const paidFor = (reg: Pick<RegistrationRow, 'state' | 'price'>): number =>
  reg.state === 'confirmed' ? reg.price : 0;

/** What a registrant sees of a registration (`myRegistration` of the API), from the row and what it names. */
export function registrationView(
  reg: RegistrationRow,
  named: {
    title: I18nText;
    startsAt: Date;
    cancelUntil: Date | null;
    refundRule: RefundSteps | null;
    typeName: I18nText;
    orderId: number | null;
    orderPending: boolean;
    waitingPosition: number | null;
    certificate: boolean;
  },
  locale: Locale,
  now = new Date(),
) {
  const until = named.cancelUntil ?? named.startsAt;
  const cancellable = now < until && (ACTIVE_REGISTRATION_STATES as readonly RegistrationState[]).includes(reg.state);
  const paid = paidFor(reg);
  return {
    registrationId: reg.id,
    number: reg.number,
    eventId: reg.eventId,
    event: pickText(named.title, locale),
    ticketType: pickText(named.typeName, locale),
    state: reg.state,
    price: reg.price,
    early: reg.early,
    payBy: reg.payBy?.toISOString() ?? null,
    orderId: reg.state === 'awaitingPayment' && named.orderPending ? named.orderId : null,
    waitingPosition: reg.state === 'waiting' ? named.waitingPosition : null,
    ticketToken: (SEAT_STATES as readonly string[]).includes(reg.state) ? reg.ticketToken : null,
    createdAt: reg.createdAt.toISOString(),
    eventStartsAt: named.startsAt.toISOString(),
    cancelUntil: until.toISOString(),
    cancellable,
    refundIfCancelled:
      cancellable && paid > 0 ? refundOf(paid, named.refundRule ?? { steps: [] }, now, named.startsAt, until) : null,
    refundDue: reg.state === 'cancelled' ? reg.refundDue : null,
    attendanceCertificate: named.certificate,
  };
}
