import type { z } from 'zod';
import { ErrorCode } from '../../lib/error-codes';
import { applicationDetailResponse, statusFlowOfferResponse } from '../../lib/schemas/membership';
import { getOwnApplication } from '../services/membership/read-applications';
import {
  type StatusFlow,
  type StatusFlowInput,
  statusFlowOffer,
  submitStatusFlow,
} from '../services/membership/status-flows';
import { AppError } from '../app-error';
import { endpoint, methodNotAllowed } from './endpoint';

/**
 * The calls of one status flow (`/api/amsw0402/{flow}`): GET its offer for the signed-in member
 * today, POST the application with what the flow asks (`body`, made into the service's input).
 */
export function statusFlowEndpoints<B extends z.ZodType>(
  flow: StatusFlow,
  summary: string,
  body: B,
  input: (body: z.infer<B>) => StatusFlowInput,
) {
  return {
    GET: endpoint({
      summary: 'What this would mean for the signed-in member today (the days to choose, what it costs), or why not',
      tags: ['membership'],
      auth: ['individual'],
      response: statusFlowOfferResponse,
      codes: [ErrorCode.NO_DATA],
      handle: async ({ actor, locale }) => {
        const offer = await statusFlowOffer(actor, flow, locale);
        if (!offer) throw new AppError(ErrorCode.NO_DATA);
        return offer;
      },
    }),
    POST: endpoint({
      summary,
      tags: ['membership'],
      auth: ['individual'],
      body,
      response: applicationDetailResponse,
      codes: [ErrorCode.DATA_CHECK, ErrorCode.DUPLICATE],
      handle: async ({ actor, body: sent, locale }) => {
        const app = await submitStatusFlow(actor, input(sent as z.infer<B>), locale);
        return getOwnApplication(actor, app.id, locale);
      },
    }),
    ALL: methodNotAllowed,
  };
}
