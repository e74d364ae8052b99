import { methodNotAllowed } from '@/server/http/endpoint';
import { browserPost } from './_browser-post';

export const POST = browserPost(
  'return',
  'The browser back from the gateway (a form post): verified and applied like the notify, then a 303 to the GET page of what was paid',
);
export const ALL = methodNotAllowed;
