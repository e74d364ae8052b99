/**
 * One state machine for every application (DESIGN.md §12): a member's join, upgrade, renewal,
 * quit, replacement, restart and pause, and later the credit claims and course applications.
 * Each type declares whether it is reviewed and paid for; `nextState` is the only place that
 * decides whether a move is allowed, so a page, an endpoint, a reviewer and a job cannot disagree.
 */

export const APPLICATION_STATES = [
  'draft',
  'submitted',
  'underReview',
  'returned',
  'approved',
  'rejected',
  'awaitingPayment',
  'paid',
  'effective',
  'cancelled',
  'expired',
] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number];

/** States after which nothing more happens to an application. */
export const FINAL_STATES: readonly ApplicationState[] = ['rejected', 'effective', 'cancelled', 'expired'];

export function isOpen(state: ApplicationState): boolean {
  return !FINAL_STATES.includes(state);
}

/** Who moves an application: its applicant, a holder of the queue's reviewer role, or the portal itself. */
export type ActorKind = 'applicant' | 'reviewer' | 'system';

export const APPLICATION_EVENTS = [
  /** The applicant sends the application (from draft, or again after it was returned). */
  'submit',
  /** A reviewer opens it for review. */
  'startReview',
  'approve',
  'reject',
  /** A reviewer sends it back for changes. */
  'return',
  /** Nothing (more) to review: payment is due. */
  'requirePayment',
  /** The payment was applied. */
  'pay',
  /** What it changes takes effect (at once, or on its date). */
  'takeEffect',
  'cancel',
  /** A deadline passed (payment, or changes asked for). */
  'expire',
] as const;
export type ApplicationEvent = (typeof APPLICATION_EVENTS)[number];

interface Move {
  from: readonly ApplicationState[];
  to: ApplicationState;
  by: ActorKind;
}

const MOVES: Record<ApplicationEvent, Move> = {
  submit: { from: ['draft', 'returned'], to: 'submitted', by: 'applicant' },
  startReview: { from: ['submitted'], to: 'underReview', by: 'reviewer' },
  approve: { from: ['submitted', 'underReview'], to: 'approved', by: 'reviewer' },
  reject: { from: ['submitted', 'underReview'], to: 'rejected', by: 'reviewer' },
  return: { from: ['submitted', 'underReview'], to: 'returned', by: 'reviewer' },
  requirePayment: { from: ['submitted', 'approved'], to: 'awaitingPayment', by: 'system' },
  pay: { from: ['awaitingPayment'], to: 'paid', by: 'system' },
  takeEffect: { from: ['submitted', 'approved', 'paid'], to: 'effective', by: 'system' },
  cancel: { from: ['draft', 'submitted', 'returned', 'awaitingPayment'], to: 'cancelled', by: 'applicant' },
  expire: { from: ['returned', 'awaitingPayment'], to: 'expired', by: 'system' },
};

/** What one application needs on its way (from its type, its class and its amount). */
export interface ApplicationTypeRules {
  /** Reviewed before anything else happens (a `submit` waits for a reviewer). */
  reviewed: boolean;
  /** Paid for before it takes effect: an amount above zero. */
  paid: boolean;
}

export class IllegalTransition extends Error {
  constructor(
    readonly state: ApplicationState,
    readonly event: ApplicationEvent,
    readonly by: ActorKind,
  ) {
    super(`an application ${state} cannot ${event} (by ${by})`);
  }
}

/**
 * The state after `event`, or `IllegalTransition`. The rules close what does not apply (one that
 * is not reviewed is never returned; one with nothing to pay never awaits payment) and the
 * shortcuts: a reviewed application reaches payment or effect only through approval, and one that
 * is paid for takes effect only once paid.
 */
export function nextState(
  state: ApplicationState,
  event: ApplicationEvent,
  by: ActorKind,
  rules: ApplicationTypeRules,
): ApplicationState {
  const move = MOVES[event];
  if (move.by !== by || !move.from.includes(state) || !reachable(state, rules) || !reachable(move.to, rules))
    throw new IllegalTransition(state, event, by);
  // A reviewed application reaches payment or effect only through approval; a paid one takes effect only once paid.
  if (rules.reviewed && state === 'submitted' && (event === 'requirePayment' || event === 'takeEffect'))
    throw new IllegalTransition(state, event, by);
  if (event === 'takeEffect' && rules.paid && state !== 'paid') throw new IllegalTransition(state, event, by);
  return move.to;
}

const REVIEW_STATES: readonly ApplicationState[] = ['underReview', 'returned', 'approved', 'rejected'];
const PAYMENT_STATES: readonly ApplicationState[] = ['awaitingPayment', 'paid'];

/** Whether an application with these rules can ever be in `state` (one that is not reviewed is never returned). */
function reachable(state: ApplicationState, rules: ApplicationTypeRules): boolean {
  if (!rules.reviewed && REVIEW_STATES.includes(state)) return false;
  if (!rules.paid && PAYMENT_STATES.includes(state)) return false;
  return true;
}

/** Whether `event` is allowed now (for showing or hiding an action; the server still calls `nextState`). */
export function canMove(
  state: ApplicationState,
  event: ApplicationEvent,
  by: ActorKind,
  rules: ApplicationTypeRules,
): boolean {
  try {
    nextState(state, event, by, rules);
    return true;
  } catch {
    return false;
  }
}
