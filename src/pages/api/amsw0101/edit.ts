import { z } from 'zod';
import { editIndividualBody } from '@/lib/schemas/account';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { updateIndividualContact } from '@/server/services/accounts/update-profile';

export const PUT = endpoint({
  summary: "Update the signed-in individual's contact details (the name and national ID stay as registered)",
  tags: ['individual accounts'],
  auth: ['individual'],
  body: editIndividualBody,
  response: z.null(),
  handle: async ({ actor, body, clientIp }) => {
    await updateIndividualContact(actor, body, await clientIp());
    return null;
  },
});
export const ALL = methodNotAllowed;
