import { revokeAssignment } from '@/server/services/papers/paper-review';
import { assignmentEndpoint } from './_assignment-endpoint';

export const { POST, ALL } = assignmentEndpoint(
  'An editor takes an assignment back: its mailed links and the reviewer’s access stop at once',
  revokeAssignment,
);
