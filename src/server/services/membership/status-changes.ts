import { revokeCertificates } from '../documents/issue-documents';
import { and, eq, inArray } from 'drizzle-orm';
import { taipeiDate } from '../../../lib/calendar-date';
import type { MembershipStatus } from '../../../lib/membership/terms';
import { membershipEvents, memberships } from '../../db/schema';
import type { MembershipNotice } from '../../integrations/mail/templates';
import { runtime } from '../../runtime';
import { mailSite } from '../mail/mail-site';
import { membersToTell, notifyMember } from './member-notices';
import { currentStatus, getMembershipSettings } from './rules';

/** The changes a member is told about: the term ended, grace ended, a pause began, membership ended. */
const NOTICE_OF: Partial<Record<MembershipStatus, MembershipNotice>> = {
  inGrace: 'inGrace',
  lapsed: 'lapsed',
  paused: 'paused',
  ended: 'ended',
};

/**
 * Records the status each membership has reached by its dates (`statusOn` on the Taipei date),
 * where it differs from the one recorded (a job, DESIGN.md §12, §15). Each change is one
 * transaction: the status, only if it is still the one read (so of two processes one records it),
 * a `status` event, and the member's mail (none to a member waiting for their first sign-in,
 * `remindable`). Answers how many it recorded; running it again changes
 * nothing.
 */
export async function recordStatusChanges(today = taipeiDate()): Promise<number> {
  const { db } = (await runtime()).database;
  const rows = await db
    .select({
      id: memberships.id,
      status: memberships.status,
      termEnd: memberships.termEnd,
      pausedFrom: memberships.pausedFrom,
      pausedUntil: memberships.pausedUntil,
      lastDay: memberships.lastDay,
    })
    .from(memberships);
  const changes: { id: number; from: MembershipStatus; to: MembershipStatus }[] = [];
  for (const row of rows) {
    const to = await currentStatus(row, today);
    if (to !== row.status) changes.push({ id: row.id, from: row.status, to });
  }
  if (changes.length === 0) return 0;
  const members = await membersToTell(
    db,
    inArray(
      memberships.id,
      changes.map((c) => c.id),
    ),
  );
  const [site, settings] = await Promise.all([mailSite(), getMembershipSettings()]);
  let recorded = 0;
  for (const change of changes) {
    const member = members.find((m) => m.membershipId === change.id);
    if (!member) continue;
    const done = await db.transaction(async (tx) => {
      const [moved] = await tx
        .update(memberships)
        .set({ status: change.to, updatedAt: new Date() })
        .where(and(eq(memberships.id, change.id), eq(memberships.status, change.from)))
        .returning({ id: memberships.id });
      if (!moved) return false;
      await tx.insert(membershipEvents).values({
        membershipId: change.id,
        kind: 'status',
        fromStatus: change.from,
        toStatus: change.to,
        detail: { on: today },
      });
      // A certificate states a current membership: it stops being valid when the membership lapses or ends.
      if (change.to === 'lapsed' || change.to === 'ended')
        await revokeCertificates(tx, change.id, change.to === 'ended' ? 'membershipEnded' : 'membershipLapsed');
      // A member brought over from an old system, invited lately and not signed in yet, is told by the
      // renewal reminders once the invitation is old enough (docs/decisions/034), not before it.
      const notice = member.remindable ? NOTICE_OF[change.to] : undefined;
      if (notice) await notifyMember(tx, member, notice, site, settings);
      return true;
    });
    if (done) recorded += 1;
  }
  return recorded;
}
