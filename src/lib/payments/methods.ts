/**
 * The ways a payer may pay an order (DESIGN.md §9): through the gateway (card, WebATM, an ATM
 * transfer account, a convenience-store code) when the portal has one and the order is within its
 * limit, and by bank transfer always. Pure: the server decides `gatewayLimit` (null without a
 * gateway) and every page and endpoint reads the methods from here.
 */
export const GATEWAY_METHODS = ['card', 'webAtm', 'atm', 'store'] as const;
export type GatewayMethod = (typeof GATEWAY_METHODS)[number];
export const PAYMENT_METHODS = [...GATEWAY_METHODS, 'transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Amounts the convenience stores take (the gateway's limits for store codes). */
export const STORE_RANGE = [30, 20_000] as const;

/** The methods that take an order of `amount`, given the gateway's limit (null: no gateway). */
export function paymentMethodsFor(gatewayLimit: number | null, amount: number): PaymentMethod[] {
  if (gatewayLimit === null || amount > gatewayLimit) return ['transfer'];
  const store = amount >= STORE_RANGE[0] && amount <= STORE_RANGE[1];
  return [...GATEWAY_METHODS.filter((m) => m !== 'store' || store), 'transfer'];
}

/** Whether any gateway method is among `methods` (then "Pay now" is offered). */
export function byGateway(methods: readonly PaymentMethod[]): boolean {
  return methods.some((m) => m !== 'transfer');
}

/** What the gateway's trade query answered about one attempt, as finance sees it. */
export interface TradeAnswer {
  /** The gateway's status (`SUCCESS`, or its error code) and message. */
  status: string;
  message: string;
  /** The answer's CheckCode is ours and it names our shop and this attempt. */
  verified: boolean;
  /** NewebPay's TradeStatus: 0 not paid, 1 paid, 2 failed, 3 cancelled, 6 refunded; null without a result. */
  tradeStatus: number | null;
  amount: number | null;
  paymentType: string | null;
  /** When it was paid (ISO), or null. */
  paidAt: string | null;
  tradeNo: string | null;
}
