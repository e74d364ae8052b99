import { restartBody } from '@/lib/schemas/membership';
import { statusFlowEndpoints } from '@/server/http/status-flow-endpoints';

export const { GET, POST, ALL } = statusFlowEndpoints(
  'restart',
  'Resume a paused or lapsed membership: nothing to pay while the paid term runs, else a new term’s dues after approval; reviewed',
  restartBody,
  (body) => ({ flow: 'restart', ...body }),
);
