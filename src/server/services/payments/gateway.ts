import { type MerchantKeys, simulatorKeys } from '../../integrations/newebpay/crypto';
import { runtime } from '../../runtime';
import { mailOrigin } from '../site/site-origin';

/** The MPG protocol version every message is sent and read with. */
export const MPG_VERSION = '2.3';
/** The trade query's protocol version. */
export const QUERY_VERSION = '1.3';

/** Where and as whom the portal takes card, ATM, WebATM and convenience-store payments. */
export interface Gateway {
  merchantId: string;
  keys: MerchantKeys;
  /** Where the browser posts the payment form. */
  mpgUrl: string;
  /** The trade query (`QueryTradeInfo`), asked server to server. */
  queryUrl: string;
  /** The built-in simulator (demo and tests only). */
  simulated: boolean;
}

export const SIMULATOR_MERCHANT_ID = 'SIMULATOR01';
export const SIMULATOR_MPG_PATH = '/payment/simulator';
export const SIMULATOR_QUERY_PATH = '/api/amsw0502/simulator/query';

/**
 * The gateway as configured: NewebPay with the shop's credentials; without them the simulator in
 * the demo and tests (SEED_DEMO=true); on a live start without credentials none (only bank
 * remittance is offered).
 */
export async function gateway(): Promise<Gateway | null> {
  const rt = await runtime();
  const { config } = rt;
  if (config.NEWEBPAY_MERCHANT_ID && config.NEWEBPAY_HASH_KEY && config.NEWEBPAY_HASH_IV) {
    const base = config.NEWEBPAY_GATEWAY_URL.replace(/\/$/, '');
    return {
      merchantId: config.NEWEBPAY_MERCHANT_ID,
      keys: { hashKey: config.NEWEBPAY_HASH_KEY, hashIv: config.NEWEBPAY_HASH_IV },
      mpgUrl: `${base}/MPG/mpg_gateway`,
      queryUrl: `${base}/API/QueryTradeInfo`,
      simulated: false,
    };
  }
  if (!config.SEED_DEMO) return null;
  const origin = await mailOrigin();
  return {
    merchantId: SIMULATOR_MERCHANT_ID,
    keys: simulatorKeys(rt.secrets.signingKey),
    mpgUrl: SIMULATOR_MPG_PATH,
    queryUrl: `${origin}${SIMULATOR_QUERY_PATH}`,
    simulated: true,
  };
}
