import { z } from 'zod';
import { blankIsAbsent, idParam } from './common';
import { businessNumberSchema } from '../validators/schemas';
import { reportedRemittanceView } from './payments';

/** A bank statement to match (multipart): CSV (UTF-8 or Big5) or Excel. */
export const statementUploadBody = z.object({ file: z.instanceof(File) });

/** One incoming transfer read from a statement, as the proposal gives it. */
export const statementLine = z.object({
  line: z.number().int().min(2).max(100_000).describe('The line in the file (1 is the header)'),
  date: z.iso.date(),
  amount: z.number().int().positive().max(99_999_999),
  account: z.string().max(64).describe('The paying account as the bank shows it'),
  memo: z.string().max(200),
});

export const statementProposal = z.object({
  statementId: z.number().int().describe('The statement as kept: a confirmation names its lines'),
  lines: z.array(
    statementLine.extend({
      remittance: reportedRemittanceView.nullable().describe('The reported transfer the line matches, or null'),
      sure: z.boolean().describe('Only this transfer fits the line and only this line fits it: ticked by default'),
    }),
  ),
  skipped: z.array(z.object({ line: z.number().int(), reason: z.enum(['date', 'amount', 'notIncoming']) })),
  unmatched: z.array(reportedRemittanceView).describe('Reported transfers no line of the statement matched'),
});

const id = z.number().int().positive().max(2_147_483_647);

/** A line of a stored statement, by its number in the file (1 is the header). */
const lineNumber = z.number().int().min(2).max(100_000);

export const statementConfirmBody = z.object({
  statementId: id.describe('The stored statement the lines are of (`statementId` of the proposal)'),
  matches: z
    .array(z.object({ remittanceId: id, line: lineNumber.describe("The statement's line that shows the transfer") }))
    .min(1)
    .max(5000)
    .refine((m) => new Set(m.map((x) => x.remittanceId)).size === m.length, 'a transfer is matched once')
    .refine((m) => new Set(m.map((x) => x.line)).size === m.length, 'a line is matched once'),
});

/** A statement line that matches no reported transfer: kept as money not applied, or not the society's. */
export const statementLineBody = z.object({
  statementId: id,
  line: lineNumber,
  outcome: z
    .enum(['kept', 'notOurs'])
    .describe('kept: money received, not applied (to settle or refund later); notOurs: not the society’s money'),
  note: z.string().trim().min(1).max(500).describe('What finance knows of it (who may have paid, why it is not ours)'),
});

export const statementLineResponse = z.object({
  statementId: z.number().int(),
  line: z.number().int(),
  outcome: z.enum(['kept', 'notOurs']),
  paymentId: z
    .number()
    .int()
    .nullable()
    .describe('kept: the money received it became, on the list of money not applied (`GET amsw0502/surplus`)'),
});

export const statementFileQuery = z.object({ statementId: idParam });

export const statementConfirmResponse = z.object({
  results: z.array(
    z.object({
      remittanceId: z.number().int(),
      line: z.number().int(),
      orderNumber: z.string().nullable(),
      outcome: z
        .enum(['applied', 'surplus', 'decided', 'unknown', 'own', 'mismatch'])
        .describe(
          'applied: the order is paid; surplus: paid or closed meanwhile, the money is to refund; decided: already confirmed or rejected, skipped; unknown: no such transfer; own: your own, for another finance account; mismatch: the line does not fit the transfer',
        ),
    }),
  ),
});

export const ORDER_STATUS_FILTERS = ['pending', 'paid', 'cancelled', 'expired'] as const;

/** The finance desk's order filter: status, the days made (Taipei), words, and the page (orders older than `before`). */
export const orderFilterQuery = z.object({
  status: blankIsAbsent(z.enum(ORDER_STATUS_FILTERS)),
  from: blankIsAbsent(z.iso.date()),
  to: blankIsAbsent(z.iso.date()),
  q: blankIsAbsent(z.string().trim().max(100)),
  before: blankIsAbsent(z.coerce.number().int().positive().max(2_147_483_647)),
});
export type OrderFilter = z.output<typeof orderFilterQuery>;

export const staffOrderView = z.object({
  orderId: z.number().int(),
  number: z.string(),
  description: z.string(),
  amount: z.number().int(),
  status: z.enum(ORDER_STATUS_FILTERS),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  receiptNo: z.string().nullable(),
  receiptCode: z
    .string()
    .nullable()
    .describe('The issued receipt’s verification code (/verify/{code}); null until issued'),
  receiptVoid: z
    .object({ at: z.string(), reason: z.string() })
    .nullable()
    .describe('When and why finance voided the receipt'),
  receiptPayer: z
    .object({ nameZh: z.string(), nameEn: z.string(), taxId: z.string().nullable() })
    .nullable()
    .describe('Whom the issued receipt is made out to (null until issued)'),
  payerKind: z.enum(['individual', 'organ']),
  payerName: z.string(),
  payerEmail: z.string(),
  memberNo: z.string().nullable(),
  attempts: z.array(
    z.object({
      merchantOrderNo: z.string(),
      amount: z.number().int(),
      status: z.string(),
      paymentType: z.string().nullable(),
      tradeNo: z.string().nullable(),
      failure: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  payments: z.array(
    z.object({
      paymentId: z.number().int(),
      amount: z.number().int(),
      method: z.string(),
      source: z.string(),
      surplus: z.boolean(),
      settlement: z.string().nullable(),
      paidAt: z.string(),
      refunded: z.number().int().describe('NT$ of it refunded so far'),
    }),
  ),
  refunds: z.array(
    z.object({
      amount: z.number().int(),
      refundedOn: z.string(),
      method: z.string(),
      reference: z.string(),
      reason: z.string(),
    }),
  ),
  formerReceipts: z
    .array(z.object({ number: z.string(), verifyCode: z.string(), reason: z.string() }))
    .describe('Receipts of this order voided and replaced by a re-issue'),
  remittances: z.array(
    z.object({
      remittanceId: z.number().int(),
      status: z.string(),
      transferDate: z.string(),
      amount: z.number().int(),
      accountLast5: z.string(),
    }),
  ),
});

export const staffOrdersResponse = z.object({
  rows: z.array(staffOrderView),
  older: z.number().int().nullable().describe('Ask `before` this id for the next page; null: the last page'),
});

export const voidReceiptBody = z.object({
  orderId: id,
  reason: z.string().trim().min(1).max(200).describe('Why: the receipt’s /verify page states it'),
});

export const voidReceiptResponse = z.object({
  receiptNo: z.string(),
  verifyCode: z.string(),
  voidedAt: z.string(),
});

export const tradeQueryBody = z.object({
  merchantOrderNo: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,30}$/)
    .describe('The gateway attempt’s MerchantOrderNo (the orders list shows each)'),
});

export const tradeQueryResponse = z.object({
  merchantOrderNo: z.string(),
  orderNumber: z.string(),
  answer: z.object({
    status: z.string().describe('The gateway’s status: SUCCESS, or its error code'),
    message: z.string(),
    verified: z.boolean().describe('The answer’s CheckCode is ours and names this shop and attempt'),
    tradeStatus: z
      .number()
      .int()
      .nullable()
      .describe('NewebPay’s TradeStatus: 0 not paid, 1 paid, 2 failed, 3 cancelled, 6 refunded'),
    amount: z.number().int().nullable(),
    paymentType: z.string().nullable(),
    paidAt: z.string().nullable(),
    tradeNo: z.string().nullable(),
  }),
  outcome: z
    .enum(['applied', 'surplus', 'recorded', 'notPaid', 'unverified'])
    .describe(
      'applied: the order is now paid; surplus: the money was recorded, not applied; recorded: the portal had it already, nothing changed; notPaid: the gateway says not paid; unverified: the answer failed its check or the query was refused, nothing changed',
    ),
  orderStatus: z.enum(ORDER_STATUS_FILTERS),
});

export const REFUND_METHODS = ['bankTransfer', 'card', 'cash', 'other'] as const;

export const refundBody = z.object({
  paymentId: id,
  amount: z.number().int().positive().max(99_999_999).describe('NT$, at most what was paid and not yet refunded'),
  refundedOn: z.iso.date().describe('The day the money went back (Taipei); not in the future'),
  method: z.enum(REFUND_METHODS),
  reference: z.string().trim().max(100).default('').describe('The bank’s or the gateway’s reference'),
  reason: z.string().trim().min(1).max(200),
});
export type RefundBody = z.output<typeof refundBody>;

export const refundResponse = z.object({
  refundId: z.number().int(),
  refunded: z.number().int().describe('NT$ of this payment refunded so far'),
  left: z.number().int().describe('NT$ of this payment not refunded'),
  receiptVoided: z.boolean().describe('The whole payment went back: the order’s receipt was voided'),
});

export const reissueReceiptBody = z.object({
  orderId: id,
  payer: z
    .object({
      nameZh: z
        .string()
        .trim()
        .min(1)
        .max(100)
        .describe('The title the receipt is made out to (a person or a company)'),
      nameEn: z.string().trim().max(100).default('').describe('The title in English, for the English receipt'),
      taxId: businessNumberSchema
        .optional()
        .describe('The business number (統一編號, checksum checked) the payer’s accounting files it by'),
    })
    .optional()
    .describe('Whom the new receipt is made out to; without it, the payer’s names as their account has them now'),
});

export const reissueReceiptResponse = z.object({
  receiptNo: z.string(),
  verifyCode: z.string(),
  previousReceiptNo: z.string(),
});
