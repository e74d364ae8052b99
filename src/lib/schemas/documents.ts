import { z } from 'zod';
import { idParam } from './common';
import { localeSchema } from './account';

/** A document download: the language of its text, for plain links (browsers send no `Lang` header). */
export const documentQuery = z.object({
  lang: localeSchema.optional().describe('Overrides the Lang header, for plain download links'),
});

/** The receipt of one of the member's own paid orders. */
export const receiptQuery = documentQuery.extend({ orderId: idParam });

/** Any issued receipt for finance, by its verification code. */
export const financeReceiptQuery = documentQuery.extend({
  code: z.string().trim().min(10).max(11).describe('The receipt’s verification code (with or without its hyphen)'),
});

/** The ticket of one of the reader's own confirmed registrations. */
export const ticketQuery = documentQuery.extend({ registrationId: idParam });

/** The reader's certificate of attendance of an event. */
export const attendanceCertificateQuery = documentQuery.extend({ eventId: idParam });
