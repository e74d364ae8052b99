import { z } from 'zod';
import { reportedRemittanceView } from './payments';

/** A bank statement to match (multipart): CSV (UTF-8 or Big5) or Excel. */
export const statementUploadBody = z.object({ file: z.instanceof(File) });

/** One incoming transfer read from a statement, as the proposal gives it and the confirmation sends it back. */
export const statementLine = z.object({
  line: z.number().int().min(2).max(100_000).describe('The line in the file (1 is the header)'),
  date: z.iso.date(),
  amount: z.number().int().positive().max(99_999_999),
  account: z.string().max(64).describe('The paying account as the bank shows it'),
  memo: z.string().max(200),
});

export const statementProposal = z.object({
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

export const statementConfirmBody = z.object({
  matches: z
    .array(z.object({ remittanceId: id, line: statementLine }))
    .min(1)
    .max(5000)
    .refine((m) => new Set(m.map((x) => x.remittanceId)).size === m.length, 'a transfer is matched once')
    .refine((m) => new Set(m.map((x) => x.line.line)).size === m.length, 'a line is matched once'),
});

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
