import { methodNotAllowed } from '@/server/http/endpoint';
import { browserPost } from './_browser-post';

export const POST = browserPost(
  'customer',
  'The ATM account or store code the gateway issued (a browser form post): kept with its expiry until the later notify, then a 303 to the GET page',
);
export const ALL = methodNotAllowed;
