import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { idParam } from '@/lib/schemas/common';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { mergeAccounts, mergePlan } from '@/server/services/staff/merge-accounts';

const side = z.object({
  id: z.number(),
  email: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  memberNo: z.string().nullable(),
  closed: z.boolean(),
});
const moves = z.record(z.string(), z.number());
const accountId = z.number().int().positive().max(2_147_483_647);

export const GET = endpoint({
  summary: 'What merging one individual account into another would move, and what stands in the way',
  description:
    '`conflicts` names what refuses the merge: `mergeMemberships` (both hold a membership), `mergeApplications` (both have an open membership application), `mergeCredits` (both credited for one course), `mergeRoles` (the account that goes holds roles).',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['office'],
  query: z.object({ keepId: idParam, dropId: idParam }),
  response: z.object({ keep: side, drop: side, moves, conflicts: z.array(z.string()) }),
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.NO_DATA, ErrorCode.DATA_CHECK],
  handle: async ({ actor, query }) => mergePlan(actor, query.keepId, query.dropId),
});

export const POST = endpoint({
  summary: 'Merge an individual account into another: its records move, it is closed and remembers where it went',
  description:
    'Re-checks the plan under lock: refused (-10) with the first conflict as the message and all of them in `data.conflicts`, for a closed account (`accountClosed`), the same account twice (`mergeSame`) and your own (`mergeOwn`).',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['office'],
  body: z.object({
    keepId: accountId,
    dropId: accountId,
    reason: z.string().trim().min(1, 'reason').max(200, 'reason'),
  }),
  response: z.object({ moved: moves }),
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.NO_DATA, ErrorCode.DATA_CHECK],
  handle: async ({ actor, body, clientIp }) => ({ moved: await mergeAccounts(actor, body, await clientIp()) }),
});
export const ALL = methodNotAllowed;
