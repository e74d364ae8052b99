import type { MembershipStatus } from '../membership/terms';

/**
 * Whether a membership certificate can be drawn for a membership in this status: a certificate
 * states a current membership, so none without one, or once it has lapsed or ended. The member
 * centre offers the link, and the document route draws the certificate, by this one rule.
 */
export function certificateAvailable(status: MembershipStatus | null | undefined): boolean {
  return status != null && status !== 'lapsed' && status !== 'ended';
}

/** Why a document could not be drawn, as the document routes give it (keys of the `errors` messages). */
export const DOCUMENT_REASONS = ['receiptNotIssued', 'certificateNone', 'transcriptNone'] as const;
