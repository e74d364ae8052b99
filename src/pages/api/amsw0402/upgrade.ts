import { ErrorCode } from '@/lib/error-codes';
import { applicationDetailResponse, joinBody, upgradeOfferResponse } from '@/lib/schemas/membership';
import { AppError } from '@/server/app-error';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { getOwnApplication } from '@/server/services/membership/read-applications';
import { submitUpgrade, upgradeOffer } from '@/server/services/membership/upgrade';

export const GET = endpoint({
  summary: 'The classes the signed-in member may move to today, with the fee for each, or why not',
  tags: ['membership'],
  auth: ['individual'],
  response: upgradeOfferResponse,
  codes: [ErrorCode.NO_DATA],
  handle: async ({ actor, locale }) => {
    const offer = await upgradeOffer(actor, locale);
    if (!offer) throw new AppError(ErrorCode.NO_DATA);
    return offer;
  },
});

export const POST = endpoint({
  summary:
    'Apply to move to another class with its documents: a reviewed class waits for review (payment after approval); otherwise the fee is due at once, and a free move takes effect at once',
  tags: ['membership'],
  auth: ['individual'],
  body: joinBody,
  response: applicationDetailResponse,
  codes: [ErrorCode.DATA_CHECK, ErrorCode.DUPLICATE],
  handle: async ({ actor, body, locale }) => {
    const app = await submitUpgrade(actor, { memberClassId: body.memberClassId, documents: body.documents }, locale);
    return getOwnApplication(actor, app.id, locale);
  },
});
export const ALL = methodNotAllowed;
