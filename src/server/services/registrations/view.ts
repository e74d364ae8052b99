/** What a registrant sees of a registration, the same wherever it is answered (their list, a new registration, a cancellation). */
import { type I18nText, pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import { ACTIVE_REGISTRATION_STATES, type RegistrationState, SEAT_STATES } from '../../../lib/registrations/states';
import type { eventRegistrations } from '../../db/schema';

type RegistrationRow = typeof eventRegistrations.$inferSelect;

/** What a registrant may cancel of a paid ticket type: all but a confirmed (paid) one. */
const UNPAID_STATES: readonly RegistrationState[] = ['waiting', 'awaitingApproval', 'awaitingPayment'];

/** The states the registrant may cancel their registration from, by its price (cancelMyRegistration's rule). */
export const cancellableStates = (price: number): readonly RegistrationState[] =>
  price === 0 ? ACTIVE_REGISTRATION_STATES : UNPAID_STATES;

/** What a registrant sees of a registration (`myRegistration` of the API), from the row and what it names. */
export function registrationView(
  reg: RegistrationRow,
  named: {
    title: I18nText;
    startsAt: Date;
    cancelUntil: Date | null;
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
    cancellable: now < until && cancellableStates(reg.price).includes(reg.state),
    attendanceCertificate: named.certificate,
  };
}
