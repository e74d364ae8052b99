import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { systemSettingsResponse } from '@/lib/schemas/site';
import { getSystemSettings } from '@/server/services/site/get-system-settings';

export const GET = endpoint({
  summary: 'System settings: limits and notices the product reads',
  tags: ['site'],
  response: systemSettingsResponse,
  publicMaxAge: 60,
  handle: ({ locale }) => getSystemSettings(locale),
});
export const ALL = methodNotAllowed;
