import { describe, expect, it } from 'vitest';
import { api, signIn } from './helpers';

/**
 * The demo's events with registration (README "Running an event"): an upcoming congress with two
 * ticket types, a hands-on workshop that is full with a person waiting, and a past workshop whose
 * attendees were checked in. Read only: the shared demo server is not changed.
 */

interface Mine {
  registrationList: {
    attendanceCertificate: boolean;
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

  it('has a full workshop with one person waiting, and the member holds a congress ticket', async () => {
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
        price: 0,
        registered: false,
      }),
    ]);
    const mine = await api<Mine>('/api/amsw0306/mine', { lang: 'en-us', headers: { Cookie: member.cookie } });
    const rows = mine.body.data.registrationList.map((r) => [r.event, r.ticketType, r.state, r.ticketToken !== null]);
    expect(rows).toEqual([
      ['Asia-Pacific Clinical Education Summit 2026', 'Full summit (three days)', 'confirmed', true],
    ]);
  });

  it('posted the past workshop’s attendance to its attendees’ ledgers once the server ran its jobs, with certificates of attendance', async () => {
    // The job runs at the server's first tick; a slow start may still be on it.
    for (const [account, password] of [
      ['grace@example.org', 'Grace2026demo'],
      ['student@example.org', 'Student2026demo'],
    ] as const) {
      const who = await signIn(account, password);
      const licence = (
        await api<{ certificationList: { certificationId: number; name: string }[] }>('/api/amsw0602', {
          lang: 'en-us',
          headers: { Cookie: who.cookie },
        })
      ).body.data.certificationList.find((c) => c.name.includes('practising licence'))!;
      let lines: { title: string; points: number; source: string }[] = [];
      for (let tries = 0; tries < 150 && lines.length === 0; tries++) {
        if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 500));
        const standing = await api<{ ledger: { title: string; points: number; source: string }[] }>(
          `/api/amsw0602/certification?certificationId=${licence.certificationId}`,
          { lang: 'en-us', headers: { Cookie: who.cookie } },
        );
        lines = standing.body.data.ledger.filter((l) => l.source === 'event');
      }
      expect(
        lines.map((l) => [l.title, l.points]),
        account,
      ).toEqual([['Critical appraisal workshop: Critical appraisal in practice', 4]]);
      const mine = await api<Mine>('/api/amsw0306/mine', { lang: 'en-us', headers: { Cookie: who.cookie } });
      expect(mine.body.data.registrationList.find((r) => r.event === 'Critical appraisal workshop')).toMatchObject({
        state: 'confirmed',
        attendanceCertificate: true,
      });
    }
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
