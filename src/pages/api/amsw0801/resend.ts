import { resendReviewLink } from '@/server/services/papers/paper-review';
import { assignmentEndpoint } from './_assignment-endpoint';

export const { POST, ALL } = assignmentEndpoint(
  'An editor mails a reviewer a new link; the earlier links not used yet stop working',
  resendReviewLink,
);
