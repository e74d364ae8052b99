import { claimListResponse } from '@/lib/schemas/credits';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { listOwnClaims } from '@/server/services/credits/claims';

export const GET = endpoint({
  summary: 'The signed-in individual’s credit claims, newest first',
  tags: ['credits'],
  auth: ['individual'],
  response: claimListResponse,
  handle: async ({ actor, locale }) => ({ claimList: await listOwnClaims(actor, locale) }),
});
export const ALL = methodNotAllowed;
