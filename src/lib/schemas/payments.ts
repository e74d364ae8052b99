import { z } from 'zod';
import { localeSchema } from './account';

/** What the gateway posts to the notify, return and customer addresses (a URL-encoded form). */
export const gatewayPostBody = z.object({
  Status: z.string().max(40).optional(),
  MerchantID: z.string().max(40),
  Version: z.string().max(10).optional(),
  TradeInfo: z.string().max(20_000),
  TradeSha: z.string().max(100),
});

export const gatewayReturnQuery = z.object({ lang: localeSchema.optional() });

export const payOrderBody = z.object({ orderId: z.number().int().positive().max(2_147_483_647) });

export const mpgFormResponse = z.object({
  action: z.string().describe('Post the fields here from the browser (the gateway refuses a server-side post)'),
  fields: z.object({ MerchantID: z.string(), TradeInfo: z.string(), TradeSha: z.string(), Version: z.string() }),
});
