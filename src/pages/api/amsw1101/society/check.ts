import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { SOCIETY_TEXT_MAX, societyChangeView, societyProblemView, societyTextBody } from '@/lib/schemas/staff';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { checkSocietyText } from '@/server/services/society/society-console';

export const POST = endpoint({
  summary: 'Check an edited society file: every problem, or what applying it would change (nothing is written)',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['admin'],
  body: societyTextBody,
  maxBodyBytes: SOCIETY_TEXT_MAX + 4096,
  response: z.union([
    z.object({ ok: z.literal(false), problems: z.array(societyProblemView) }),
    z.object({ ok: z.literal(true), changes: z.array(societyChangeView), setUp: z.boolean() }),
  ]),
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.FILE_TOO_LARGE],
  handle: ({ body }) => checkSocietyText(body.text),
});
export const ALL = methodNotAllowed;
