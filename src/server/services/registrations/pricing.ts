import { taipeiDate } from '../../../lib/calendar-date';
import type { Actor } from '../../auth/sessions';
import type { PriceTier, TicketPrices } from '../../db/schema';
import { membershipToday } from '../membership/rules';

/** What a person pays for a ticket type, and why: the server's price (decision record 041). */
export interface TicketPrice {
  price: number;
  tier: PriceTier;
  /** The member class code the price came from (tier `member`). */
  classCode: string | null;
  early: boolean;
}

/**
 * The member class whose price applies to the signed-in individual on `day` (Taipei): the class
 * of their membership when it is in effect that day (active, or in its grace period); null for a
 * web user, a lapsed, paused or ended member.
 */
export async function priceClassOf(actor: Actor, day = taipeiDate()): Promise<string | null> {
  const today = await membershipToday(actor, day);
  if (!today) return null;
  return today.status === 'active' || today.status === 'inGrace' ? today.cls.code : null;
}

/** A person's price in one list of prices: their member class's where listed, else the web-user price. */
function priceIn(prices: TicketPrices, classCode: string | null): Omit<TicketPrice, 'early'> {
  const memberPrice = classCode === null ? undefined : prices.members[classCode];
  if (memberPrice !== undefined) return { price: memberPrice, tier: 'member', classCode };
  return { price: prices.webUser, tier: 'webUser', classCode: null };
}

/**
 * The price of a ticket type for a person of `classCode` (null: a web user) at `now`: the member
 * class's price where the ticket type lists the class, else the web-user price; before the
 * early-bird deadline the early-bird price instead where it is lower (an early list that leaves a
 * class out never makes that member pay more).
 */
export function ticketPrice(
  type: { prices: TicketPrices; earlyPrices: TicketPrices | null },
  classCode: string | null,
  earlyBirdUntil: Date | null,
  now = new Date(),
): TicketPrice {
  const regular = priceIn(type.prices, classCode);
  const earlyOpen = type.earlyPrices !== null && earlyBirdUntil !== null && now < earlyBirdUntil;
  const early = earlyOpen ? priceIn(type.earlyPrices!, classCode) : null;
  if (early && early.price < regular.price) return { ...early, early: true };
  return { ...regular, early: false };
}
