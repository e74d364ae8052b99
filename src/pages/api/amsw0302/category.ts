import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { eventCategoryListResponse } from '@/lib/schemas/events';
import { listEventCategories } from '@/server/services/events/list-event-categories';

export const GET = endpoint({
  summary: 'The event categories, in the society’s order',
  tags: ['events'],
  response: eventCategoryListResponse,
  publicMaxAge: 30,
  handle: async ({ locale }) => ({ eventCategoryList: await listEventCategories(locale) }),
});
export const ALL = methodNotAllowed;
