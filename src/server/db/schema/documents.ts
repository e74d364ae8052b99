import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, organisations } from './accounts';

export const DOCUMENT_KINDS = ['receipt', 'certificate', 'transcript', 'paperAuthorisation', 'attendance'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/**
 * A document the society issues (DESIGN.md §16), with the short code of its `/verify/{code}` page.
 * The PDF is drawn again from `facts` whenever it is downloaded, so it never goes stale or gets lost.
 */
export const issuedDocuments = pgTable(
  'issued_documents',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<DocumentKind>().notNull(),
    /** The receipt number, or the member number with the certificate's edition. */
    number: text('number').notNull(),
    /** Whose it is: an individual's account, or the organisation that paid (decision record 012). */
    accountId: integer('account_id').references(() => accounts.id),
    organisationId: integer('organisation_id').references(() => organisations.id),
    /** The order of a receipt, the membership of a certificate, the event of a certificate of attendance. */
    subjectId: integer('subject_id').notNull(),
    verifyCode: text('verify_code').notNull(),
    facts: jsonb('facts').$type<Record<string, unknown>>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [
    uniqueIndex('issued_documents_verify_code_idx').on(t.verifyCode),
    uniqueIndex('issued_documents_kind_number_idx').on(t.kind, t.number),
    index('issued_documents_account_idx').on(t.accountId, t.kind),
    check('issued_documents_one_holder', sql`num_nonnulls(${t.accountId}, ${t.organisationId}) = 1`),
  ],
);
