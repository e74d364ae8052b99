import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { AppError } from '@/server/app-error';
import { idParam } from '@/lib/schemas/common';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { personStory } from '@/server/services/staff/people';

const list = z.object({ rows: z.array(z.record(z.string(), z.unknown())), total: z.number().int() });

export const GET = endpoint({
  summary: "One person's whole story: account, membership, applications, orders, credits, papers, roles, audit entries",
  description:
    'Each list holds its newest 20 rows and says how many there are (`total`). The national ID is masked. The reading is audited (`person.storyRead`).',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['office'],
  query: z.object({ accountId: idParam }),
  response: z.object({
    account: z.record(z.string(), z.unknown()),
    membership: z.record(z.string(), z.unknown()).nullable(),
    applications: list,
    orders: list,
    credits: list,
    certificates: z.array(z.record(z.string(), z.unknown())),
    papers: list,
    roles: z.array(z.record(z.string(), z.unknown())),
    audit: list,
  }),
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.NO_DATA],
  handle: async ({ actor, query, clientIp }) => {
    const story = await personStory(actor, query.accountId, await clientIp());
    if (!story) throw new AppError(ErrorCode.NO_DATA);
    return story;
  },
});
export const ALL = methodNotAllowed;
