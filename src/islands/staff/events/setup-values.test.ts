import { describe, expect, it } from 'vitest';
import { initialSetup, type SetupView, setupBody } from './setup-values';

/** A stored setup whose times fall between midnight and 08:00 in Taipei: the UTC day before. */
const view: SetupView = {
  eventId: 7,
  opensAt: '2027-02-28T16:30:00.000Z',
  closesAt: '2027-03-09T23:59:00.000Z',
  earlyBirdUntil: '2027-03-02T15:00:00.000Z',
  cancelUntil: '2027-03-04T22:45:00.000Z',
  payHours: 72,
  offerHours: 48,
  needsApproval: false,
  questions: { diet: 'off', receipt: 'off', freeText: 'off' },
  refundRule: { steps: [] },
  ticketTypes: [
    {
      ticketTypeId: 3,
      name: { 'zh-tw': '全程', 'en-us': 'Full congress' },
      capacity: 100,
      seatsTaken: 0,
      waiting: 0,
      prices: { members: {}, webUser: 1000 },
      earlyPrices: null,
    },
  ],
  sessions: [],
};

describe('the setup form’s Taipei date-times', () => {
  it('shows a stored moment as its Taipei date and time, however early in the Taipei day', () => {
    const { values } = initialSetup(view, []);
    expect(values.opensAt).toBe('2027-03-01T00:30');
    expect(values.closesAt).toBe('2027-03-10T07:59');
    expect(values.earlyBirdUntil).toBe('2027-03-02T23:00');
    expect(values.cancelUntil).toBe('2027-03-05T06:45');
  });

  it('sends a Taipei date-time typed between 00:00 and 08:00 as the moment it names, with no day shift', () => {
    const { values, rows } = initialSetup(view, []);
    const typed = { ...values, opensAt: '2027-03-01T00:30', earlyBirdUntil: '2027-03-01T07:59', cancelUntil: '' };
    const body = setupBody(7, typed, rows, [], () => []);
    expect(new Date(body.opensAt).toISOString()).toBe('2027-02-28T16:30:00.000Z');
    expect(new Date(body.earlyBirdUntil!).toISOString()).toBe('2027-02-28T23:59:00.000Z');
    expect(new Date(body.closesAt).toISOString()).toBe(view.closesAt);
    expect(body.cancelUntil).toBeNull();
    // Read back, the form shows what was typed.
    const again = initialSetup({ ...view, opensAt: new Date(body.opensAt).toISOString() }, []);
    expect(again.values.opensAt).toBe('2027-03-01T00:30');
  });
});
