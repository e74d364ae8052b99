import { replaceBody } from '@/lib/schemas/membership';
import { statusFlowEndpoints } from '@/server/http/status-flow-endpoints';

export const { GET, POST, ALL } = statusFlowEndpoints(
  'replace',
  'A new membership certificate after a loss, damage or a change of name, for the society’s fee, paid at once',
  replaceBody,
  (body) => ({ flow: 'replace', ...body }),
);
