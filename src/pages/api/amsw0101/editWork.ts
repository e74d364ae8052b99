import { z } from 'zod';
import { editIndividualFormBody } from '@/lib/schemas/account';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { updateIndividualWork } from '@/server/services/accounts/update-profile';

export const PUT = endpoint({
  summary: "Update the signed-in individual's professional profile (workplace, department, title, education)",
  tags: ['individual accounts'],
  auth: ['individual'],
  body: editIndividualFormBody,
  response: z.null(),
  handle: async ({ actor, body, clientIp }) => {
    await updateIndividualWork(actor, body, await clientIp());
    return null;
  },
});
export const ALL = methodNotAllowed;
