import { taipeiDate } from '../../../lib/calendar-date';
import { type NotCountedReason, pointsOf, toTenths, wouldAdd } from '../../../lib/credits/rules';
import { ErrorCode } from '../../../lib/error-codes';
import { AppError } from '../../app-error';
import { applicationSubject, applicationSummaries } from '../membership/review-subject';
import { listCertificationKinds } from './certifications';
import { type ClaimDetail, type ClaimForm, claimOf, type readClaim } from './claims';
import { ledgerColumns, ledgerOfRow } from './standing';
import { personName } from '../../../lib/validators/name';

/** What the credit review page shows of a claim (the subject's content). */
export type ClaimReviewContent = {
  claim: ClaimDetail;
  applicant: NonNullable<Awaited<ReturnType<typeof readClaim>>>['applicant'];
  allowance: {
    certificate: { number: string; endsOn: string };
    counted: number;
    gain: number;
    reason: NotCountedReason | null;
  } | null;
};

/** The list's facts of several claims: the claimed activity's title, with the applicant's name. */
const CLAIM_SUMMARIES = `
  SELECT p.id, p.number, p.form ->> 'title' AS title, p.submitted_at, ac.name_zh, ac.name_en
  FROM applications p JOIN accounts ac ON ac.id = p.account_id
  WHERE p.id = ANY(string_to_array($1, ',')::int[])`;

/**
 * The credit queue reviews members' claims: the claim, its evidence, and what its points would
 * add to the applicant's current certificate under the rules (caps taken); an approval grants
 * points up to those claimed, and they land in the ledger once any fee is paid.
 */
export const CREDIT_REVIEW = applicationSubject({
  summaries: (subjectIds, locale) =>
    applicationSummaries('claim_summaries', CLAIM_SUMMARIES, subjectIds, (row) => ({
      title: row.title as string,
      applicantName: personName({ nameZh: row.name_zh as string, nameEn: row.name_en as string }, locale),
    })),

  // The claimant's latest certificate and ledger of the claim's certification, read with the claim.
  columns: ledgerColumns('p.account_id', "(p.form ->> 'kindId')::int"),

  async detail(application, row, locale) {
    const kinds = await listCertificationKinds();
    const found = claimOf(application, kinds, locale);
    if (!found) throw new AppError(ErrorCode.NO_DATA);
    const { claim, applicant } = found;
    const kind = kinds.find((k) => k.id === claim.certificationId);
    const { certificate, entries } = ledgerOfRow(row);
    const allowance =
      kind && certificate
        ? {
            certificate: { number: certificate.number, endsOn: certificate.endsOn },
            ...wouldAdd(
              kind.rules,
              certificate,
              entries,
              {
                points: toTenths(claim.points),
                creditClass: claim.creditClass,
                category: claim.category,
                method: claim.method,
                topics: [],
                earnedOn: claim.earnedOn,
              },
              taipeiDate(),
            ),
          }
        : null;
    return {
      summary: {
        title: claim.title,
        number: claim.number,
        applicantName: personName(applicant, locale),
        submittedAt: claim.submittedAt,
      },
      content: {
        claim,
        applicant,
        allowance: allowance && {
          ...allowance,
          counted: pointsOf(allowance.counted),
          gain: pointsOf(allowance.gain),
        },
      } satisfies ClaimReviewContent,
    };
  },

  pagePath: (_queue, { reviewId }) => `/member/creditReview/${reviewId}`,

  approval(app, input) {
    const form = app.form as unknown as ClaimForm;
    if (input.points === undefined)
      throw new AppError(ErrorCode.KEY_MISSING, { fields: ['points'] }, { key: 'claimPointsNeeded' });
    const granted = toTenths(input.points);
    if (granted <= 0 || granted > form.points || Math.abs(input.points * 10 - granted) > 1e-9)
      throw new AppError(ErrorCode.DATA_CHECK, { fields: ['points'] }, { key: 'claimPointsTooMany' });
    return { form: { ...form, grantedPoints: granted } as unknown as Record<string, unknown> };
  },
});
