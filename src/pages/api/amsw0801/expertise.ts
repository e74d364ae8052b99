import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { expertiseBody } from '@/lib/schemas/papers';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { saveExpertise } from '@/server/services/papers/paper-review';

export const PUT = endpoint({
  summary: 'A paper reviewer sets what they review (topic codes and keywords), which ranks the editor’s suggestions',
  tags: ['paper review'],
  auth: ['individual'],
  body: expertiseBody,
  response: z.null(),
  codes: [ErrorCode.NO_PERMISSION],
  handle: async ({ actor, body }) => {
    await saveExpertise(actor, body);
    return null;
  },
});
export const ALL = methodNotAllowed;
