import { and, inArray, lte } from 'drizzle-orm';
import { canMove } from '../../../lib/applications/state-machine';
import { taipeiDate } from '../../../lib/calendar-date';
import { applications } from '../../db/schema';
import { runtime } from '../../runtime';
import { eachApplication, takeEffect, typeRules } from './applications';
import { effectsOf } from './effects';

/**
 * Applications that take effect on a date (a job): `advance` leaves one whose `effectiveOn` is
 * still ahead where it is (submitted, approved or paid); on its day it takes effect as `advance`
 * would have done (`takeEffect`). Answers how many took effect; running it again does nothing more.
 */
export async function applyDatedApplications(today = taipeiDate()): Promise<number> {
  const { db } = (await runtime()).database;
  const waiting = await db
    .select()
    .from(applications)
    .where(and(inArray(applications.state, ['submitted', 'approved', 'paid']), lte(applications.effectiveOn, today)));
  const ready = waiting.filter((app) => canMove(app.state, 'takeEffect', 'system', typeRules(app)));
  return eachApplication(ready, 'applyDatedApplications', (tx, app, ctx) =>
    takeEffect(tx, app, ctx, effectsOf(app.type), today),
  );
}
