/** The review queues (DESIGN.md §13) and the roles an individual account may hold (§14). */
export const REVIEW_QUEUES = ['membership', 'memberStatus', 'credit', 'contiEdu', 'paper'] as const;
export type ReviewQueue = (typeof REVIEW_QUEUES)[number];

export const REVIEW_DECISIONS = ['approve', 'reject', 'return'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** Reviewers work one queue each (`reviewer:<queue>`); nothing more than their reviews needs a second factor. */
export type ReviewerRole = `reviewer:${ReviewQueue}`;
export const REVIEWER_ROLES: readonly ReviewerRole[] = REVIEW_QUEUES.map(reviewerRole);

/**
 * The staff roles (DESIGN.md §19): `admin` grants and revokes roles, `office` runs people and
 * membership, `finance` money, `editor` the public site's content, `ceOfficer` credits and courses,
 * `editorInChief` papers (assigns reviewers and decides), `events` the registration desk and the doors
 * of the society's own events (decision record 041). A session uses them only after the
 * account's second factor (`server/auth/second-factor.ts`).
 */
export const STAFF_ROLES = ['admin', 'office', 'finance', 'editor', 'ceOfficer', 'editorInChief', 'events'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The office's staff roles, every one but admin: the desks an admin may also work, granting them to themselves (a society's first admin). */
export type OfficeRole = Exclude<StaffRole, 'admin'>;
export const OFFICE_ROLES: readonly OfficeRole[] = STAFF_ROLES.filter((role): role is OfficeRole => role !== 'admin');

export type Role = ReviewerRole | StaffRole;
export const ROLES: readonly Role[] = [...REVIEWER_ROLES, ...STAFF_ROLES];

export function isStaffRole(role: string): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role);
}

/** The role that reviews a queue. */
export function reviewerRole(queue: ReviewQueue): ReviewerRole {
  return `reviewer:${queue}`;
}

/**
 * Queues whose items a reviewer sees only once assigned to them (the editor-in-chief assigns
 * papers per paper); holders of `editorInChief` see and manage all of them.
 */
export const ASSIGNED_QUEUES: readonly ReviewQueue[] = ['paper'];

/** Whether these roles work a queue: its reviewer role, or `editorInChief` for an assigned queue. */
export function worksQueue(roles: readonly Role[], queue: ReviewQueue): boolean {
  return roles.includes(reviewerRole(queue)) || (ASSIGNED_QUEUES.includes(queue) && roles.includes('editorInChief'));
}

/** Whether these roles see every item of a queue (not only the ones assigned to them). */
export function seesWholeQueue(roles: readonly Role[], queue: ReviewQueue): boolean {
  return !ASSIGNED_QUEUES.includes(queue) || roles.includes('editorInChief');
}

/** The queues a holder of these roles may work. */
export function queuesOf(roles: readonly Role[]): ReviewQueue[] {
  return REVIEW_QUEUES.filter((q) => worksQueue(roles, q));
}

/** Whether a signed-in account holds `role`: only individual accounts hold roles. */
export function holdsRole(account: { userType: string; roles?: readonly Role[] }, role: Role): boolean {
  return account.userType === 'individual' && (account.roles ?? []).includes(role);
}
