import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { peopleQuery, personHitView } from '@/lib/schemas/staff';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { searchPeople } from '@/server/services/staff/people';

export const GET = endpoint({
  summary: 'Find members, web users and organisations by name, number, e-mail, mobile or national ID',
  description:
    'A valid national ID or resident certificate number matches that ID exactly (shown masked). At most 50 hits, newest accounts first; `more` asks to narrow the words. A search with words is audited (`person.searched`: the kind of words and the accounts found, never the words).',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['office'],
  query: peopleQuery,
  response: z.object({ rows: z.array(personHitView), more: z.boolean() }),
  codes: [ErrorCode.NO_PERMISSION],
  handle: async ({ actor, query, clientIp }) => searchPeople(actor, query, await clientIp()),
});
export const ALL = methodNotAllowed;
