import { stopBody } from '@/lib/schemas/membership';
import { statusFlowEndpoints } from '@/server/http/status-flow-endpoints';

export const { GET, POST, ALL } = statusFlowEndpoints(
  'stop',
  'Pause the membership for a period (at most the society’s limit), from the day after the paid term or earlier; reviewed',
  stopBody,
  (body) => ({ flow: 'stop', ...body }),
);
