import type { Actor } from '../../auth/sessions';

/**
 * The signed-in individual's membership applications. Membership applications (join, upgrade,
 * renew, quit, replace, restart, stop) are stored by the membership issue; until that data
 * exists there are none to list, for any account.
 */
export async function listOwnApplications(_actor: Actor): Promise<{ applicationList: { applicationId: number }[] }> {
  return { applicationList: [] };
}
