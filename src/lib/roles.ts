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

/** The queues a holder of these roles may work. */
export function queuesOf(roles: readonly Role[]): ReviewQueue[] {
  return REVIEW_QUEUES.filter((q) => roles.includes(reviewerRole(q)));
}

/** Whether a signed-in account holds `role`: only individual accounts hold roles. */
export function holdsRole(account: { userType: string; roles?: readonly Role[] }, role: Role): boolean {
  return account.userType === 'individual' && (account.roles ?? []).includes(role);
}
