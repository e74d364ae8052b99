import { randomBytes } from 'node:crypto';
import { newToken, tokenHash } from '../../src/server/auth/secrets';
import type { Db } from '../../src/server/db/client';
import {
  accounts,
  eventCategories,
  eventRegistrationSetups,
  events,
  eventTicketTypes,
  sessions,
} from '../../src/server/db/schema';
import { decryptTradeInfo } from '../../src/server/integrations/newebpay/crypto';
import { api, json } from './helpers';
import { jobsSite } from './jobs-helpers';
import { gatewayPost, keys, paid } from './simulator-helpers';

/** Event registration's test setup, written into a server's own database (server stopped, `jobsSite().withDb`). */

export const HOUR = 3_600_000;

/** A person written into the database with a session: half of them read Chinese, half English. */
export interface Person {
  accountId: number;
  email: string;
  locale: 'zh-tw' | 'en-us';
  /** The session as an API client sends it. */
  auth: Record<string, string>;
  /** The same session as a browser sends it (pages). */
  cookie: string;
}

/** `n` web users with a session each (signing people up through the captcha and the mailed code would take minutes). */
export async function addPeople(db: Db, n: number): Promise<Person[]> {
  const tag = randomBytes(4).toString('hex');
  const rows = await db
    .insert(accounts)
    .values(
      Array.from({ length: n }, (_, i) => ({
        email: `rush-${tag}-${i}@example.org`,
        passwordHash: 'unused',
        nameZh: '王小明',
        nameEn: 'Hsiao-ming Wang',
        personIdEncrypted: 'unused',
        personIdHash: `rush-${tag}-${i}`,
        birthDate: '1988-02-03',
        preferredLocale: i % 2 === 0 ? 'zh-tw' : 'en-us',
      })),
    )
    .returning({ id: accounts.id });
  const tokens = rows.map(() => newToken());
  await db.insert(sessions).values(
    rows.map((row, i) => ({
      tokenHash: tokenHash(tokens[i]!),
      userType: 'individual' as const,
      accountId: row.id,
      expiresAt: new Date(Date.now() + 24 * HOUR),
    })),
  );
  return rows.map((row, i) => ({
    accountId: row.id,
    email: `rush-${tag}-${i}@example.org`,
    locale: i % 2 === 0 ? ('zh-tw' as const) : ('en-us' as const),
    auth: { Authorization: `Bearer ${tokens[i]!}` },
    cookie: `ams-session=${tokens[i]!}`,
  }));
}

/** A published event with registration open from `opensAt` to `closesAt` and one ticket type ("Full congress"). */
export async function addEvent(
  db: Db,
  categoryId: number,
  opensAt: Date,
  closesAt: Date,
  {
    seats,
    price,
    title = { 'zh-tw': '年會', 'en-us': 'Annual congress' },
    startsInDays = 30,
  }: { seats: number; price: number; title?: { 'zh-tw': string; 'en-us': string }; startsInDays?: number },
) {
  const [event] = await db
    .insert(events)
    .values({
      categoryId,
      title,
      startsAt: new Date(Date.now() + startsInDays * 24 * HOUR),
      endsAt: new Date(Date.now() + (startsInDays + 1) * 24 * HOUR),
      publishedAt: new Date(Date.now() - HOUR),
    })
    .returning({ id: events.id });
  await db
    .insert(eventRegistrationSetups)
    .values({ eventId: event!.id, opensAt, closesAt, payHours: 48, offerHours: 24 });
  const [type] = await db
    .insert(eventTicketTypes)
    .values({
      eventId: event!.id,
      position: 0,
      name: { 'zh-tw': '全程', 'en-us': 'Full congress' },
      capacity: seats,
      prices: { members: { regular: Math.min(800, price) }, webUser: price },
    })
    .returning({ id: eventTicketTypes.id });
  return { eventId: event!.id, ticketTypeId: type!.id };
}

/**
 * A server of its own (with `env` besides the usual) with the demo society seeded (its first start),
 * stopped, and `setup` run on its database with an event category to hold the test's events;
 * started again after.
 */
export async function registrationSite(
  setup: (db: Db, categoryId: number) => Promise<void>,
  env: Record<string, string> = {},
) {
  const site = await jobsSite();
  Object.assign(site.env, env);
  await site.start();
  await site.stop();
  await site.withDb(async (db) => {
    const [category] = await db
      .insert(eventCategories)
      .values({ name: { 'zh-tw': '研討會', 'en-us': 'Meetings' } })
      .returning({ id: eventCategories.id });
    await setup(db, category!.id);
  });
  await site.start();
  return site;
}

/**
 * Pays a registration's order by card as the gateway reports it (its notification): the order
 * started by its registrant, then paid in full. Answers the notification's outcome.
 */
export async function payOrder(
  site: Awaited<ReturnType<typeof jobsSite>>,
  who: Person,
  orderId: number,
  amount: number,
): Promise<string> {
  const started = await api<{ fields: Record<string, string> }>('/api/amsw0501/pay', {
    method: 'POST',
    base: site.url(),
    ...json({ orderId }, { Origin: site.url(), ...who.auth }),
  });
  if (started.body.code !== 0) throw new Error(`pay: ${started.body.message}`);
  const merchantOrderNo = new URLSearchParams(
    decryptTradeInfo(started.body.data.fields.TradeInfo!, keys(site.env.SECRET_KEY))!,
  ).get('MerchantOrderNo')!;
  const res = await fetch(`${site.url()}/api/amsw0501/newebpay/notify`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: gatewayPost(paid(merchantOrderNo, amount), { with: keys(site.env.SECRET_KEY) }),
  });
  return ((await res.json()) as { data: { outcome: string } }).data.outcome;
}
