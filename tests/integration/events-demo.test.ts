import { describe, expect, it } from 'vitest';
import { api, signIn } from './helpers';

/**
 * The demo's events with registration (README "Running an event"): an upcoming congress with two
 * ticket types, a hands-on workshop that is full with a person waiting, and a past workshop whose
 * attendees were checked in. Read only: the shared demo server is not changed.
 */

interface Mine {
  registrationList: {
    event: string;
    ticketType: string;
    state: string;
    waitingPosition: number | null;
    ticketToken: string | null;
  }[];
}
interface Options {
  title: string;
  open: boolean;
  ticketTypes: {
    ticketTypeId: number;
    name: string;
    price: number;
    priceTier: string;
    seatsLeft: number;
    waiting: number;
    registered: boolean;
  }[];
}

async function eventIdOf(title: string): Promise<number> {
  for (const query of ['?pageSize=50', '?pageSize=50&when=past']) {
    const found = await api<{ list?: { eventId: number; title: string }[] }>(`/api/amsw0302${query}`, {
      lang: 'en-us',
    });
    const hit = found.body.data?.list?.find((e) => e.title === title);
    if (hit) return hit.eventId;
  }
  throw new Error(`no demo event ${title}`);
}

describe('the demo’s registrations', () => {
  it('has a congress with two ticket types, open, at the reader’s own price', async () => {
    const eventId = await eventIdOf('Asia-Pacific Clinical Education Summit 2026');
    const webUser = await signIn('webuser@example.org', 'Webuser2026demo');
    const options = await api<Options>(`/api/amsw0306?eventId=${eventId}`, {
      lang: 'en-us',
      headers: { Cookie: webUser.cookie },
    });
    expect(options.body.code).toBe(0);
    expect(options.body.data.open).toBe(true);
    expect(options.body.data.ticketTypes.map((t) => [t.name, t.priceTier, t.price])).toEqual([
      ['Full summit (three days)', 'webUser', 5000],
      ['One day (day 1)', 'webUser', 2500],
    ]);
  });

  it('has a full workshop with one person waiting, and the member holds a congress ticket and a past workshop’s', async () => {
    const member = await signIn('member@example.org', 'Member2026demo');
    const eventId = await eventIdOf('Simulation instructor course');
    const options = await api<Options>(`/api/amsw0306?eventId=${eventId}`, {
      lang: 'en-us',
      headers: { Cookie: member.cookie },
    });
    expect(options.body.data.ticketTypes).toEqual([
      expect.objectContaining({
        name: 'Small-group participant',
        seatsLeft: 0,
        waiting: 1,
        price: 2000,
        registered: false,
      }),
    ]);
    const mine = await api<Mine>('/api/amsw0306/mine', { lang: 'en-us', headers: { Cookie: member.cookie } });
    const rows = mine.body.data.registrationList.map((r) => [r.event, r.ticketType, r.state, r.ticketToken !== null]);
    expect(rows).toEqual(
      expect.arrayContaining([
        ['Asia-Pacific Clinical Education Summit 2026', 'Full summit (three days)', 'confirmed', true],
        ['Critical appraisal workshop', 'Participant', 'confirmed', true],
      ]),
    );
  });

  it('shows the waiting person their place, and the web user the seat that awaits payment', async () => {
    const lapsed = await signIn('lapsed@example.org', 'Lapsed2026demo');
    const waiting = await api<Mine>('/api/amsw0306/mine', { lang: 'en-us', headers: { Cookie: lapsed.cookie } });
    expect(waiting.body.data.registrationList).toEqual([
      expect.objectContaining({
        event: 'Simulation instructor course',
        state: 'waiting',
        waitingPosition: 1,
        ticketToken: null,
      }),
    ]);
    const webUser = await signIn('webuser@example.org', 'Webuser2026demo');
    const unpaid = await api<Mine>('/api/amsw0306/mine', { lang: 'en-us', headers: { Cookie: webUser.cookie } });
    expect(unpaid.body.data.registrationList).toEqual([
      expect.objectContaining({ event: 'Simulation instructor course', state: 'awaitingPayment' }),
    ]);
  });
});
