import { and, eq, inArray } from 'drizzle-orm';
import { ErrorCode } from '../../../lib/error-codes';
import { reviewerRole } from '../../../lib/roles';
import type { Actor } from '../../auth/sessions';
import { applicationFiles, files, reviewAssignments, reviewItems } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { runtime } from '../../runtime';
import { APPLICATION_QUEUES } from '../membership/applications';
import type { StoredFile } from '../site/read-file';

/**
 * An individual's or an organisation's private upload, for its owner or a reviewer of its application who declared no conflict;
 * anyone else, like an unknown id, gets -7 (whether the file exists is not told).
 */
export async function readPrivateFile(actor: Actor, fileId: number): Promise<StoredFile> {
  const rt = await runtime();
  const { db } = rt.database;
  const [row] = await db.select().from(files).where(eq(files.id, fileId));
  if (!row || row.ownerId === null) throw new AppError(ErrorCode.NO_FILE);
  let allowed = row.ownerType === actor.userType && row.ownerId === actor.accountId;
  if (!allowed && actor.account.userType === 'individual' && actor.account.roles.length > 0) {
    // A reviewer sees an application's documents once they declared no conflict on its review.
    const uses = await db
      .select({ queue: reviewItems.queue })
      .from(applicationFiles)
      .innerJoin(reviewItems, eq(reviewItems.subjectId, applicationFiles.applicationId))
      .innerJoin(
        reviewAssignments,
        and(
          eq(reviewAssignments.itemId, reviewItems.id),
          eq(reviewAssignments.reviewerId, actor.accountId),
          eq(reviewAssignments.declaration, 'none'),
        ),
      )
      .where(and(eq(applicationFiles.fileId, fileId), inArray(reviewItems.queue, APPLICATION_QUEUES)));
    const roles = actor.account.roles;
    allowed = uses.some((u) => roles.includes(reviewerRole(u.queue)));
  }
  if (!allowed) throw new AppError(ErrorCode.NO_FILE);
  return {
    name: row.name,
    contentType: row.contentType,
    size: row.size,
    etag: `"${row.sha256}"`,
    withheld: true,
    open: async () => {
      const stream = await rt.storage.open(row.storageKey);
      if (!stream) throw new AppError(ErrorCode.NO_FILE);
      return stream;
    },
  };
}
