import { certificationListResponse } from '@/lib/schemas/credits';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { listPublishedKinds } from '@/server/services/credits/certifications';

export const GET = endpoint({
  summary: 'The certifications the society keeps continuing-education credits for (published ones)',
  tags: ['credits'],
  response: certificationListResponse,
  publicMaxAge: 30,
  handle: async ({ locale }) => ({
    certificationList: (await listPublishedKinds(locale)).map(({ id, ...kind }) => ({ certificationId: id, ...kind })),
  }),
});
export const ALL = methodNotAllowed;
