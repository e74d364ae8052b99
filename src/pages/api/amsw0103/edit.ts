import { z } from 'zod';
import { editOrganisationBody } from '@/lib/schemas/account';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { updateOrganisation } from '@/server/services/accounts/update-profile';

export const PUT = endpoint({
  summary: "Update the signed-in organisation's details (the business number stays as registered)",
  tags: ['organisation accounts'],
  auth: ['organ'],
  body: editOrganisationBody,
  response: z.null(),
  handle: async ({ actor, body, clientIp }) => {
    await updateOrganisation(actor, body, await clientIp());
    return null;
  },
});
export const ALL = methodNotAllowed;
