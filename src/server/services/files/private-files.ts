import { and, eq, inArray, or } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { ErrorCode } from '../../../lib/error-codes';
import { reviewerRole } from '../../../lib/roles';
import { nameForType } from '../../../lib/uploads';
import type { Actor } from '../../auth/sessions';
import { applicationFiles, courseRosters, courses, files, reviewAssignments, reviewItems } from '../../db/schema';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { APPLICATION_QUEUES } from '../membership/applications';
import type { StoredFile } from '../site/read-file';

/**
 * An individual's or an organisation's private upload, for its owner or a reviewer of its
 * application (or, for a roster, of its course) who declared no conflict; anyone else, like an
 * unknown id, gets -7 (whether the file exists is not told).
 */
export async function readPrivateFile(actor: Actor, fileId: number): Promise<StoredFile> {
  const rt = await runtime();
  const { db } = rt.database;
  const [row] = await db.select().from(files).where(eq(files.id, fileId));
  // A bank statement is finance's, served only by the finance desk (`bankStatementFile`).
  if (!row || row.ownerId === null || row.purpose === 'bankStatement') throw new AppError(ErrorCode.NO_FILE);
  let allowed = row.ownerType === actor.userType && row.ownerId === actor.accountId;
  if (!allowed && actor.account.userType === 'individual' && actor.account.roles.length > 0) {
    // A reviewer sees an application's documents, and a course's attendance rosters and signed
    // sheets, once they declared no conflict on its review.
    const declared = and(
      eq(reviewAssignments.itemId, reviewItems.id),
      eq(reviewAssignments.reviewerId, actor.accountId),
      eq(reviewAssignments.declaration, 'none'),
    );
    const uses = await unionAll(
      db
        .select({ queue: reviewItems.queue })
        .from(applicationFiles)
        .innerJoin(reviewItems, eq(reviewItems.subjectId, applicationFiles.applicationId))
        .innerJoin(reviewAssignments, declared)
        .where(and(eq(applicationFiles.fileId, fileId), inArray(reviewItems.queue, APPLICATION_QUEUES))),
      db
        .select({ queue: reviewItems.queue })
        .from(courseRosters)
        .innerJoin(courses, eq(courses.id, courseRosters.courseId))
        .innerJoin(
          reviewItems,
          and(eq(reviewItems.subjectId, courses.applicationId), eq(reviewItems.queue, 'contiEdu')),
        )
        .innerJoin(reviewAssignments, declared)
        .where(or(eq(courseRosters.fileId, fileId), eq(courseRosters.signedSheetFileId, fileId))),
    );
    const roles = actor.account.roles;
    allowed = uses.some((u) => roles.includes(reviewerRole(u.queue)));
  }
  if (!allowed) throw new AppError(ErrorCode.NO_FILE);
  // Named for the type it is served as (files stored before names followed the type too).
  return privateFile(row, nameForType(row.name, row.contentType));
}

/** A private upload's row served under `name`, never kept by a shared cache; -7 when its bytes are gone. */
export function privateFile(row: typeof files.$inferSelect, name: string): StoredFile {
  return {
    name,
    contentType: row.contentType,
    size: row.size,
    etag: `"${row.sha256}"`,
    withheld: true,
    open: async () => {
      const stream = await (await runtime()).storage.open(row.storageKey);
      if (!stream) throw new AppError(ErrorCode.NO_FILE);
      return stream;
    },
  };
}
