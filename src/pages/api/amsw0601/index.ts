import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { reviewHubResponse } from '@/lib/schemas/reviews';
import { reviewHub } from '@/server/services/reviews/engine';

export const GET = endpoint({
  summary: "The reviewer's hub: each queue the signed-in member may review, with what is open and overdue",
  tags: ['reviews'],
  auth: ['individual'],
  response: reviewHubResponse,
  handle: async ({ actor }) => ({ queueList: await reviewHub(actor) }),
});
export const ALL = methodNotAllowed;
