import { ErrorCode } from '@/lib/error-codes';
import { doorLinkCreateBody, doorLinksQuery } from '@/lib/schemas/door';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { createDoorLink, listDoorLinks } from '@/server/services/registrations/door-links';

export const GET = endpoint({
  summary: 'An event’s door links, the newest first (never their tokens)',
  description:
    'Each with its label, when it was made, when it expires (a day after the event ends) and whether revoked.',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['events', 'admin'],
  query: doorLinksQuery,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.NO_ACTIVITY],
  handle: async ({ actor, query }) => listDoorLinks(actor, query.eventId),
});

export const POST = endpoint({
  summary: 'Make a door link for an event: a volunteer’s phone checks in its tickets without an account',
  description:
    'Answers the link’s address (`/door/{token}` on the site’s configured address, in the `Lang` language) this ' +
    'once: only the token’s hash is kept. It checks in this event only and expires at the end of the Taipei day ' +
    'after the event’s last day; -10 `eventOver` when that has passed. Audited.',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['events', 'admin'],
  body: doorLinkCreateBody,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.NO_ACTIVITY, ErrorCode.DATA_CHECK],
  handle: async ({ actor, body, clientIp, locale }) => createDoorLink(actor, body, await clientIp(), locale),
});
export const ALL = methodNotAllowed;
