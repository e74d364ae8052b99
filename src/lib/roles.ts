/** The review queues (DESIGN.md §13) and the roles an individual account may hold (§14). */
export const REVIEW_QUEUES = ['membership', 'memberStatus', 'credit', 'contiEdu', 'paper'] as const;
export type ReviewQueue = (typeof REVIEW_QUEUES)[number];

export const REVIEW_DECISIONS = ['approve', 'reject', 'return'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

export const ROLES = [
  'reviewer:membership',
  'reviewer:memberStatus',
  'reviewer:credit',
  'reviewer:contiEdu',
  'reviewer:paper',
  'finance',
  'editor',
] as const;
export type Role = (typeof ROLES)[number];

export function reviewerRole(queue: ReviewQueue): Role {
  return `reviewer:${queue}`;
}

/**
 * Queues whose items a reviewer sees only once assigned to them (the editor assigns papers per
 * paper); holders of `editor` see and manage all of them.
 */
export const ASSIGNED_QUEUES: readonly ReviewQueue[] = ['paper'];

/** Whether these roles work a queue: its reviewer role, or `editor` for an assigned queue. */
export function worksQueue(roles: readonly Role[], queue: ReviewQueue): boolean {
  return roles.includes(reviewerRole(queue)) || (ASSIGNED_QUEUES.includes(queue) && roles.includes('editor'));
}

/** Whether these roles see every item of a queue (not only the ones assigned to them). */
export function seesWholeQueue(roles: readonly Role[], queue: ReviewQueue): boolean {
  return !ASSIGNED_QUEUES.includes(queue) || roles.includes('editor');
}

/** The queues a holder of these roles may work. */
export function queuesOf(roles: readonly Role[]): ReviewQueue[] {
  return REVIEW_QUEUES.filter((q) => worksQueue(roles, q));
}

/** Whether a signed-in account holds `role`: only individual accounts hold roles. */
export function holdsRole(account: { userType: string; roles?: readonly Role[] }, role: Role): boolean {
  return account.userType === 'individual' && (account.roles ?? []).includes(role);
}
