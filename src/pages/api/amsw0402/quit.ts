import { quitBody } from '@/lib/schemas/membership';
import { statusFlowEndpoints } from '@/server/http/status-flow-endpoints';

export const { GET, POST, ALL } = statusFlowEndpoints(
  'quit',
  'Leave the society: the last day of membership, from today to the end of the paid term; reviewed',
  quitBody,
  (body) => ({ flow: 'quit', ...body }),
);
