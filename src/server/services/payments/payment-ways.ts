import { byGateway, type PaymentMethod, paymentMethodsFor } from '../../../lib/payments/methods';
import type { Locale } from '../../../lib/locales';
import { getSystemSettings } from '../site/get-system-settings';
import { gateway } from './gateway';

/** How the society takes money: the gateway up to its limit (none without a gateway), and bank remittance always. */
export interface PaymentWays {
  /** The largest amount the gateway takes (`newebpayTradeLimit`), or null when there is no gateway. */
  gatewayLimit: number | null;
  /** The society's bank account instructions (`amsRemittanceInfo`), in the reader's language. */
  remittanceInfo: string;
}

export async function paymentWays(locale: Locale): Promise<PaymentWays> {
  const settings = await getSystemSettings(locale);
  return {
    gatewayLimit: (await gateway()) ? settings.newebpayTradeLimit : null,
    remittanceInfo: settings.amsRemittanceInfo,
  };
}

/** The ways an order of `amount` may be paid: the one answer pages and the pay endpoint read. */
export function paymentMethods(ways: PaymentWays, amount: number): PaymentMethod[] {
  return paymentMethodsFor(ways.gatewayLimit, amount);
}

/** Whether the gateway takes an order of `amount`; otherwise only bank remittance is offered. */
export function gatewayTakes(ways: PaymentWays, amount: number): boolean {
  return byGateway(paymentMethods(ways, amount));
}
