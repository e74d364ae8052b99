import { REPORT_ROLES } from './reports/sections';
import { REVIEW_QUEUES, type ReviewQueue, STAFF_ROLES, type Role } from './roles';

/** Who supervises a queue from the console (admin: every queue). */
export const QUEUE_SUPERVISORS: Record<ReviewQueue, readonly Role[]> = {
  membership: ['office', 'admin'],
  memberStatus: ['office', 'admin'],
  credit: ['ceOfficer', 'admin'],
  contiEdu: ['ceOfficer', 'admin'],
  paper: ['editorInChief', 'admin'],
};

/** The roles that open the events desk (decision record 041). */
export const EVENT_DESK_ROLES: readonly Role[] = ['events', 'admin'];

/** The roles that open the queues' page. */
export const QUEUE_ROLES: readonly Role[] = ['office', 'ceOfficer', 'editorInChief', 'admin'];

/** The queues these roles supervise. */
export function supervisedQueues(roles: readonly Role[]): ReviewQueue[] {
  return REVIEW_QUEUES.filter((q) => QUEUE_SUPERVISORS[q].some((r) => roles.includes(r)));
}

/** A part of the staff console (DESIGN.md §19): where it is, its name, and who may open it. */
export interface StaffSection {
  path: string;
  /** A translation key (`staff:nav.roles`, `reports:title`). */
  key: string;
  roles: readonly Role[];
}

/**
 * The console's navigation, in order. A section answers 403 to staff without its roles, and the
 * navigation shows each reader only theirs. Sections outside `/staff` are the desks the member
 * area already has (reached from here too).
 */
export const STAFF_SECTIONS: readonly StaffSection[] = [
  { path: '/staff', key: 'staff:nav.home', roles: STAFF_ROLES },
  { path: '/staff/people', key: 'staff:nav.people', roles: ['office'] },
  { path: '/staff/roles', key: 'staff:nav.roles', roles: ['admin'] },
  { path: '/staff/audit', key: 'staff:nav.audit', roles: ['admin'] },
  { path: '/staff/settings', key: 'staff:nav.settings', roles: ['admin'] },
  { path: '/staff/queues', key: 'staff:nav.queues', roles: QUEUE_ROLES },
  { path: '/staff/reports', key: 'reports:title', roles: REPORT_ROLES },
  { path: '/staff/content', key: 'contentDesk:title', roles: ['editor'] },
  { path: '/staff/money', key: 'staff:nav.money', roles: ['finance'] },
  { path: '/staff/events', key: 'eventDesk:title', roles: EVENT_DESK_ROLES },
  { path: '/member/remittances', key: 'staff:nav.remittances', roles: ['finance'] },
  { path: '/member/review', key: 'staff:nav.review', roles: ['editorInChief'] },
];

/** The sections these (usable) roles open. */
export function sectionsFor(roles: readonly Role[]): StaffSection[] {
  return STAFF_SECTIONS.filter((s) => s.roles.some((r) => roles.includes(r)));
}

/** The `staff` key of a role's name (`reviewer:paper` → `staff:roleNames.reviewer-paper`: `:` separates namespaces). */
export function roleNameKey(role: Role): string {
  return `staff:roleNames.${role.replace(':', '-')}`;
}

/** The audit log's actions a reader filters by: each matches the action and its `action.*` kin. */
export const AUDIT_ACTIONS = [
  'signIn',
  'signInFailed',
  'signOut',
  'passwordChanged',
  'passwordReset',
  'accountCreated',
  'profileUpdated',
  'lineLinked',
  'lineUnlinked',
  'role',
  'person',
  'secondFactor',
  'society',
  'import',
  'export',
  'surplusSettled',
  'remittance',
  'receipt',
  'payment',
  'credits',
  'reports',
  'content',
  'audit',
  'review',
  'registration',
] as const;
