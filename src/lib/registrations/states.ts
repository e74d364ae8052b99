/** The states of an event registration (decision record 041); the first three hold a seat. */
export const REGISTRATION_STATES = [
  'awaitingApproval',
  'awaitingPayment',
  'confirmed',
  'waiting',
  'cancelled',
  'expired',
  'rejected',
] as const;
export type RegistrationState = (typeof REGISTRATION_STATES)[number];

/** The states that hold a seat of the ticket type. */
export const SEAT_STATES = [
  'awaitingApproval',
  'awaitingPayment',
  'confirmed',
] as const satisfies readonly RegistrationState[];

/** States of a registration still in play: holding a seat or waiting for one. */
export const ACTIVE_REGISTRATION_STATES = [...SEAT_STATES, 'waiting'] as const;
