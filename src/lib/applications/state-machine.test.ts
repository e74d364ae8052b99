import { describe, expect, it } from 'vitest';
import {
  type ActorKind,
  APPLICATION_EVENTS,
  APPLICATION_STATES,
  type ApplicationEvent,
  type ApplicationState,
  canMove,
  IllegalTransition,
  isOpen,
  nextState,
} from './state-machine';

type Allowed = [ApplicationState, ApplicationEvent, ActorKind, ApplicationState];

// Every move each kind of application may make, written out by hand: anything not listed must be refused.
const common: Allowed[] = [
  ['draft', 'submit', 'applicant', 'submitted'],
  ['draft', 'cancel', 'applicant', 'cancelled'],
  ['submitted', 'cancel', 'applicant', 'cancelled'],
];
const review: Allowed[] = [
  ['returned', 'submit', 'applicant', 'submitted'],
  ['returned', 'cancel', 'applicant', 'cancelled'],
  ['returned', 'expire', 'system', 'expired'],
  ['submitted', 'startReview', 'reviewer', 'underReview'],
  ['submitted', 'approve', 'reviewer', 'approved'],
  ['submitted', 'reject', 'reviewer', 'rejected'],
  ['submitted', 'return', 'reviewer', 'returned'],
  ['underReview', 'approve', 'reviewer', 'approved'],
  ['underReview', 'reject', 'reviewer', 'rejected'],
  ['underReview', 'return', 'reviewer', 'returned'],
];
const payment = (from: ApplicationState): Allowed[] => [
  [from, 'requirePayment', 'system', 'awaitingPayment'],
  ['awaitingPayment', 'pay', 'system', 'paid'],
  ['awaitingPayment', 'cancel', 'applicant', 'cancelled'],
  ['awaitingPayment', 'expire', 'system', 'expired'],
  ['paid', 'takeEffect', 'system', 'effective'],
];

const cases: { name: string; rules: { reviewed: boolean; paid: boolean }; allowed: Allowed[] }[] = [
  {
    name: 'reviewed and paid (a join into a reviewed class, a restart)',
    rules: { reviewed: true, paid: true },
    allowed: [...common, ...review, ...payment('approved')],
  },
  {
    name: 'reviewed, nothing to pay (a quit, a pause)',
    rules: { reviewed: true, paid: false },
    allowed: [...common, ...review, ['approved', 'takeEffect', 'system', 'effective']],
  },
  {
    name: 'paid, not reviewed (a renewal, a replacement)',
    rules: { reviewed: false, paid: true },
    allowed: [...common, ...payment('submitted')],
  },
  {
    name: 'neither (a free change that needs no review)',
    rules: { reviewed: false, paid: false },
    allowed: [...common, ['submitted', 'takeEffect', 'system', 'effective']],
  },
];

const ACTORS: ActorKind[] = ['applicant', 'reviewer', 'system'];

describe('application state machine', () => {
  for (const { name, rules, allowed } of cases) {
    it(`${name}: allows exactly its moves`, () => {
      let checked = 0;
      for (const state of APPLICATION_STATES)
        for (const event of APPLICATION_EVENTS)
          for (const by of ACTORS) {
            const expected = allowed.find(([s, e, a]) => s === state && e === event && a === by);
            checked += 1;
            if (expected) {
              expect(nextState(state, event, by, rules), `${state} ${event} by ${by}`).toBe(expected[3]);
              expect(canMove(state, event, by, rules)).toBe(true);
            } else {
              expect(() => nextState(state, event, by, rules), `${state} ${event} by ${by}`).toThrow(IllegalTransition);
              expect(canMove(state, event, by, rules)).toBe(false);
            }
          }
      expect(checked).toBe(APPLICATION_STATES.length * APPLICATION_EVENTS.length * ACTORS.length);
    });
  }

  it('a refused move says what was asked', () => {
    const error = (() => {
      try {
        nextState('effective', 'cancel', 'applicant', { reviewed: true, paid: true });
      } catch (e) {
        return e as IllegalTransition;
      }
    })();
    expect(error).toBeInstanceOf(IllegalTransition);
    expect(error).toMatchObject({ state: 'effective', event: 'cancel', by: 'applicant' });
  });

  it('final states are not open', () => {
    expect(APPLICATION_STATES.filter((s) => !isOpen(s))).toEqual(['rejected', 'effective', 'cancelled', 'expired']);
  });
});
