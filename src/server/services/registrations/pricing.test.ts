import { describe, expect, it } from 'vitest';
import { ticketPrice } from './pricing';

const type = {
  prices: { members: { regular: 800, student: 0 }, webUser: 1500 },
  earlyPrices: { members: { regular: 600 }, webUser: 1200 },
};
const deadline = new Date('2026-10-01T00:00:00+08:00');
const before = new Date('2026-09-30T23:59:00+08:00');
const after = new Date('2026-10-01T00:00:00+08:00');

describe('ticketPrice', () => {
  it('gives a member their class’s price, and anyone else the web-user price', () => {
    expect(ticketPrice(type, 'regular', null, after)).toEqual({
      price: 800,
      tier: 'member',
      classCode: 'regular',
      early: false,
    });
    expect(ticketPrice(type, 'student', null, after)).toMatchObject({ price: 0, tier: 'member' });
    expect(ticketPrice(type, null, null, after)).toEqual({
      price: 1500,
      tier: 'webUser',
      classCode: null,
      early: false,
    });
    // A class the ticket type does not list pays the web-user price.
    expect(ticketPrice(type, 'honorary', null, after)).toMatchObject({ price: 1500, tier: 'webUser', classCode: null });
  });

  it('gives the early-bird prices until the deadline, not at it', () => {
    expect(ticketPrice(type, 'regular', deadline, before)).toMatchObject({ price: 600, early: true });
    expect(ticketPrice(type, null, deadline, before)).toMatchObject({ price: 1200, early: true });
    // Early prices that leave a class out never make that member pay more than their own price.
    expect(ticketPrice(type, 'student', deadline, before)).toMatchObject({ price: 0, tier: 'member', early: false });
    expect(
      ticketPrice({ ...type, prices: { members: { regular: 1400 }, webUser: 1500 } }, 'regular', deadline, before),
    ).toMatchObject({ price: 600, tier: 'member', early: true });
    expect(ticketPrice(type, 'regular', deadline, after)).toMatchObject({ price: 800, early: false });
    // No early prices: no early bird, whatever the deadline.
    expect(ticketPrice({ ...type, earlyPrices: null }, null, deadline, before)).toMatchObject({
      price: 1500,
      early: false,
    });
  });
});
