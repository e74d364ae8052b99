import { z } from 'zod';
import { GATEWAY_METHODS } from '../payments/methods';
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

/** A gateway attempt's `MerchantOrderNo` as the return pages name it (`?attempt=`): at most 30 letters, digits or `_`. */
const merchantOrderNo = z.string().regex(/^[A-Za-z0-9_]{1,30}$/);

/** The attempt a return page was sent back from, or null when the address names none (or nonsense). */
export function attemptFrom(raw: string | null | undefined): string | null {
  const parsed = merchantOrderNo.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

export const payOrderBody = z.object({
  orderId: z.number().int().positive().max(2_147_483_647),
  method: z
    .enum(GATEWAY_METHODS)
    .optional()
    .describe(
      'Pay this way only (card, webAtm, atm, store); one the portal does not take for the order is refused (-10 methodUnavailable, with `methods`)',
    ),
  cancelCode: z
    .boolean()
    .optional()
    .describe(
      'Cancel the order’s open ATM or store code to pay another way; without it, an open code is refused (-10 codeOpen)',
    ),
});

export const mpgFormResponse = z.object({
  action: z.string().describe('Post the fields here from the browser (the gateway refuses a server-side post)'),
  fields: z.object({ MerchantID: z.string(), TradeInfo: z.string(), TradeSha: z.string(), Version: z.string() }),
});

/** A member's report of a bank transfer for one of their pending orders (checked again by the server). */
export const remittanceBody = z.object({
  orderId: z.number().int().positive().max(2_147_483_647),
  transferDate: z.iso.date().describe('The day of the transfer: not before the order, not in the future (Taipei)'),
  amount: z
    .number()
    .int()
    .positive()
    .max(99_999_999)
    .describe('NT$ transferred; must be the order’s amount (finance confirms what the bank shows)'),
  accountLast5: z
    .string()
    .regex(/^\d{5}$/)
    .describe('The last five digits of the paying account'),
  despiteCode: z
    .boolean()
    .optional()
    .describe(
      'Report it although the order has an open ATM or store code (cancelled when finance confirms the transfer); without it, an open code is refused (-10 codeOpen)',
    ),
});

export const remittanceView = z.object({
  remittanceId: z.number().int(),
  orderId: z.number().int(),
  status: z.enum(['reported', 'confirmed', 'rejected']),
  transferDate: z.string(),
  amount: z.number().int(),
  accountLast5: z.string(),
  note: z.string().describe('Finance’s note to the member (why a report was rejected)'),
});

/** An ATM account or a store code the gateway issued for a pending order, still payable. */
export const openCodeView = z.object({
  paymentType: z.string().describe('VACC (an ATM transfer to a virtual account) or CVS (a store code)'),
  bankCode: z.string().nullable(),
  codeNo: z.string(),
  expiresAt: z.string(),
});

/** A reported transfer on the finance queue. */
export const reportedRemittanceView = z.object({
  remittanceId: z.number().int(),
  orderId: z.number().int(),
  orderNumber: z.string(),
  orderStatus: z.enum(['pending', 'paid', 'cancelled', 'expired']),
  description: z.string(),
  amountDue: z.number().int(),
  amount: z.number().int().describe('What the member says they transferred'),
  transferDate: z.string(),
  accountLast5: z.string(),
  payerKind: z.enum(['individual', 'organ']).describe('A member’s transfer, or an organisation’s for a course’s fee'),
  payerName: z.string(),
  payerEmail: z.string(),
  memberNo: z.string().nullable().describe('The member’s number (null for a web user or an organisation)'),
  reportedAt: z.string(),
  own: z.boolean().describe('The reader’s own transfer: another finance account decides it'),
  openCode: openCodeView
    .nullable()
    .describe('An ATM or store code for the order that may still be paid: confirming the transfer cancels it'),
});

export const remittanceQueueResponse = z.object({ remittanceList: z.array(reportedRemittanceView) });

export const decideRemittanceBody = z
  .object({
    remittanceId: z.number().int().positive().max(2_147_483_647),
    decision: z.enum(['confirm', 'reject']),
    note: z.string().trim().max(1000).default('').describe('To the member; required to reject'),
  })
  .refine((b) => b.decision === 'confirm' || b.note !== '', { path: ['note'], message: 'required to reject' });

export const decideRemittanceResponse = z.object({
  outcome: z
    .enum(['applied', 'surplus', 'rejected'])
    .describe('applied: the order is paid; surplus: it was already paid or closed, the money is to refund'),
  orderNumber: z.string(),
});

/** Money that arrived and was not applied, on finance's list. */
export const unappliedPaymentView = z.object({
  paymentId: z.number().int(),
  orderId: z.number().int().nullable().describe('The order it was paid for; null for money kept from a bank statement'),
  orderNumber: z.string().nullable(),
  orderStatus: z.enum(['pending', 'paid', 'cancelled', 'expired']).nullable(),
  description: z.string(),
  orderAmount: z.number().int().nullable(),
  amount: z.number().int().describe('What arrived'),
  method: z.string().describe('CREDIT, VACC, WEBATM, CVS… (the gateway), or remittance'),
  tradeNo: z.string().nullable().describe('The gateway’s trade number, to refund it there'),
  paidAt: z.string(),
  reason: z
    .enum(['paidTwice', 'orderClosed', 'amountMismatch', 'codeCancelled', 'codeAfterTransfer', 'statementOnly'])
    .describe(
      'paidTwice: the order was paid already; orderClosed: cancelled or expired first; amountMismatch: another amount than the order’s; codeCancelled: paid on an ATM or store code the payer had cancelled; codeAfterTransfer: paid on an open code after a bank transfer paid the order (to refund); statementOnly: received on a bank statement, no order (finance kept the line)',
    ),
  payerKind: z.enum(['individual', 'organ']).nullable().describe('null: money kept from a statement, payer unknown'),
  payerName: z.string().describe('For money kept from a statement: the account and memo the statement shows'),
  payerEmail: z.string(),
  memberNo: z.string().nullable(),
  statement: z
    .object({ statementId: z.number().int(), line: z.number().int() })
    .nullable()
    .describe('The stored statement line the money was kept from'),
  pendingOrders: z
    .array(z.object({ orderId: z.number().int(), orderNumber: z.string(), description: z.string() }))
    .describe('The payer’s pending orders of the same amount, which the money may pay instead of being refunded'),
  own: z.boolean().describe('The reader’s own money: another finance account settles it'),
});

export const surplusQueueResponse = z.object({ surplusList: z.array(unappliedPaymentView) });

export const SURPLUS_OUTCOMES = ['refunded', 'applied', 'other'] as const;

export const settleSurplusBody = z
  .object({
    paymentId: z.number().int().positive().max(2_147_483_647),
    outcome: z.enum(SURPLUS_OUTCOMES),
    orderId: z
      .number()
      .int()
      .positive()
      .max(2_147_483_647)
      .optional()
      .describe('applied: the payer’s pending order of the same amount that the money pays'),
    orderNumber: z
      .string()
      .trim()
      .toUpperCase()
      .min(1)
      .max(30)
      .optional()
      .describe(
        'applied, instead of orderId: the number of any pending order of the same amount (money kept from a statement)',
      ),
    reference: z.string().trim().max(100).default('').describe('refunded: the refund’s bank or gateway reference'),
    note: z.string().trim().max(1000).default('').describe('required for other'),
  })
  .refine((b) => b.outcome !== 'applied' || b.orderId !== undefined || b.orderNumber !== undefined, {
    path: ['orderId'],
    message: 'required',
  })
  .refine((b) => b.outcome !== 'refunded' || b.reference !== '', { path: ['reference'], message: 'required' })
  .refine((b) => b.outcome !== 'other' || b.note !== '', { path: ['note'], message: 'required' });

export const settleSurplusResponse = z.object({
  outcome: z.enum(SURPLUS_OUTCOMES),
  orderNumber: z
    .string()
    .nullable()
    .describe('The order the money was paid for (null for money kept from a statement)'),
  appliedOrderNumber: z.string().nullable().describe('The order the money paid (applied)'),
});
