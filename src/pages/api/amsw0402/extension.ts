import { ErrorCode } from '@/lib/error-codes';
import { applicationDetailResponse, renewalOfferResponse } from '@/lib/schemas/membership';
import { AppError } from '@/server/app-error';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { renewalOffer, submitExtension } from '@/server/services/membership/extension';
import { getOwnApplication } from '@/server/services/membership/read-applications';

export const GET = endpoint({
  summary: 'What renewing would do for the signed-in member today: the next term, its dues, or why not',
  tags: ['membership'],
  auth: ['individual'],
  response: renewalOfferResponse,
  codes: [ErrorCode.NO_DATA],
  handle: async ({ actor, locale }) => {
    const offer = await renewalOffer(actor, locale);
    if (!offer) throw new AppError(ErrorCode.NO_DATA);
    return offer;
  },
});

export const POST = endpoint({
  summary:
    'Renew: an application for the next term with its order for the dues (pay it with POST /api/amsw0501/pay); only inside the renewal window or grace, once per term',
  tags: ['membership'],
  auth: ['individual'],
  response: applicationDetailResponse,
  codes: [ErrorCode.DATA_CHECK, ErrorCode.DUPLICATE],
  handle: async ({ actor, locale }) => {
    const app = await submitExtension(actor, locale);
    return getOwnApplication(actor, app.id, locale);
  },
});
export const ALL = methodNotAllowed;
