/**
 * The outbox held (docs/decisions/025): while `system_settings.mail_held_at` is set the delivery
 * worker claims nothing, so no mail leaves; mails keep being written to the outbox and wait. A
 * restore holds it (a restored copy, on a test machine or after a bad day, must not mail members
 * what the original already sent), and so can an admin; `npm run mail -- release` or the console's
 * mail page lets the mails go. Every hold and release is in the audit log.
 */
import { sql } from 'drizzle-orm';
import { taipeiDateTime } from '../../../lib/calendar-date';
import type { Executor } from '../../db/client';
import { runtime } from '../../runtime';
import type { Actor } from '../../auth/sessions';
import { type AuditActor, recordAudit } from '../accounts/audit';
import { withSecondFactor } from '../staff/second-factor';

/** What held the outbox: a restore (of an archive), the command (an OS user), an admin on the console. */
export type MailHeldBy = { kind: 'restore' | 'command' | 'staff'; name: string };

export interface MailHold {
  /** When the outbox was held, or null while mail leaves. */
  heldAt: string | null;
  /** Who or what held it. */
  heldBy: MailHeldBy | null;
  /** Mails waiting in the outbox to be sent. */
  waiting: number;
}

/** Whether the outbox is held, by whom, and how many mails wait. */
export async function mailHold(executor?: Executor): Promise<MailHold> {
  const db = executor ?? (await runtime()).database.db;
  const result = await db.execute(sql`
    SELECT (SELECT mail_held_at FROM system_settings WHERE id = 1) AS "heldAt",
      (SELECT mail_held_by FROM system_settings WHERE id = 1) AS "heldBy",
      (SELECT count(*)::int FROM mail_outbox WHERE status = 'pending') AS waiting`);
  const row = (
    result as unknown as { rows: { heldAt: Date | string | null; heldBy: string | null; waiting: number }[] }
  ).rows[0]!;
  return {
    heldAt: row.heldAt === null ? null : new Date(row.heldAt).toISOString(),
    heldBy: row.heldBy === null ? null : parseHeldBy(row.heldBy),
    waiting: Number(row.waiting),
  };
}

/** Stored as `kind:name` (`restore:portal-2026-05-01.tar.gz`). */
function parseHeldBy(stored: string): MailHeldBy {
  const at = stored.indexOf(':');
  const kind = stored.slice(0, at);
  return kind === 'restore' || kind === 'command' || kind === 'staff'
    ? { kind, name: stored.slice(at + 1) }
    : { kind: 'command', name: stored };
}

/** Holds the outbox in `executor`'s transaction: what a restore does. */
export async function holdOutbox(executor: Executor, by: MailHeldBy): Promise<void> {
  await executor.execute(sql`
    UPDATE system_settings
    SET mail_held_at = coalesce(mail_held_at, now()), mail_held_by = coalesce(mail_held_by, ${`${by.kind}:${by.name}`})
    WHERE id = 1`);
}

/**
 * Holds (`held`) or releases the outbox in `tx`, audited as `mail.hold` / `mail.release` with who
 * did it; doing what is already done changes nothing.
 */
async function changeHold(
  tx: Executor,
  held: boolean,
  who: { actor: AuditActor; by: MailHeldBy; ip?: string | undefined },
): Promise<void> {
  const before = await mailHold(tx);
  if ((before.heldAt !== null) === held) return;
  if (held) await holdOutbox(tx, who.by);
  else await tx.execute(sql`UPDATE system_settings SET mail_held_at = NULL, mail_held_by = NULL WHERE id = 1`);
  await recordAudit(tx, {
    actor: who.actor,
    action: held ? 'mail.hold' : 'mail.release',
    ...(who.ip === undefined ? {} : { ip: who.ip }),
    detail: { by: who.by, waiting: before.waiting, ...(held ? {} : { heldBy: before.heldBy, heldAt: before.heldAt }) },
  });
}

/** After a release in a serving process, its worker looks for the waiting mails now, not at its next poll. */
async function afterChange(held: boolean): Promise<MailHold> {
  const rt = await runtime();
  if (!held) rt.outbox?.kick();
  return mailHold();
}

/** Holds or releases the outbox from the command line (`npm run mail`). Answers the state after. */
export async function setMailHold(held: boolean, who: { actor: AuditActor; by: MailHeldBy }): Promise<MailHold> {
  const { db } = (await runtime()).database;
  await db.transaction((tx) => changeHold(tx, held, who));
  return afterChange(held);
}

/** An admin holds or releases the outbox on the console, with a fresh second-factor code. */
export async function staffSetMailHold(actor: Actor, held: boolean, code: string, ip: string): Promise<MailHold> {
  await withSecondFactor(actor, code, ip, (tx) =>
    changeHold(tx, held, {
      actor: { userType: 'individual', accountId: actor.accountId },
      by: { kind: 'staff', name: actor.account.email },
      ip,
    }),
  );
  return afterChange(held);
}

/** The hold as the command and a serving start say it, in both languages. */
export function mailHoldText(hold: MailHold): string {
  const waiting = `寄件匣中待寄：${hold.waiting} 封\nMails waiting in the outbox: ${hold.waiting}`;
  if (hold.heldAt === null) return `郵件照常寄出。\nMail is being sent.\n${waiting}`;
  const by = hold.heldBy ?? { kind: 'command', name: '' };
  const zhBy = { restore: `還原 ${by.name}`, command: `郵件指令，${by.name}`, staff: `${by.name} 於管理後台` }[by.kind];
  const enBy = {
    restore: `a restore of ${by.name}`,
    command: `the mail command, ${by.name}`,
    staff: `${by.name} on the console`,
  }[by.kind];
  return (
    `郵件已暫停寄出（${taipeiDateTime(new Date(hold.heldAt)).replace('T', ' ')}，${zhBy}）：放行前不會寄出任何郵件。` +
    '放行：npm run mail -- release，或管理後台「設定 → 郵件寄送」（/staff/settings/mail）\n' +
    `Mail is held (since ${taipeiDateTime(new Date(hold.heldAt)).replace('T', ' ')} Taipei time, by ${enBy}): nothing is sent until it is ` +
    'released: npm run mail -- release, or the staff console (/staff/settings/mail)\n' +
    waiting
  );
}
