/**
 * `npm run export -- members FILE`: every membership with its account, in the columns
 * `npm run import -- members` reads, so importing an export changes nothing. Read a page at a time
 * (by membership id) and written a line at a time; the national IDs are decrypted into the file,
 * which is made readable by its owner only.
 */
import { asc, eq, gt } from 'drizzle-orm';
import { taipeiDate } from '../../../lib/calendar-date';
import { MEMBER_COLUMNS } from '../../../lib/imports/columns';
import { statusOn } from '../../../lib/membership/terms';
import { decrypt } from '../../auth/secrets';
import { accounts, memberships } from '../../db/schema';
import { runtime } from '../../runtime';
import { datesOf, getMembershipSettings, listMemberClasses, rulesOf } from '../membership/rules';
import { openTableWriter, type TableFormat } from './table-file';
import { type AuditActor, recordAudit, SYSTEM } from '../accounts/audit';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const PAGE = 1000;

/** Writes the members file; answers how many members it holds. */
export async function exportMembers(
  file: string,
  options: { by: string; actor?: AuditActor; ip?: string; onProgress?: (lines: number) => void },
): Promise<number> {
  const rt = await runtime();
  const { db } = rt.database;
  const [classes, settings] = await Promise.all([listMemberClasses(), getMembershipSettings()]);
  const rules = rulesOf(settings);
  const today = taipeiDate();
  const writer = await openTableWriter(file, 'members');
  let count = 0;
  try {
    await writer.write(MEMBER_COLUMNS.map((c) => c.label['en-us'] ?? c.label['zh-tw']));
    let after = 0;
    for (;;) {
      const rows = await db
        .select({ m: memberships, a: accounts })
        .from(memberships)
        .innerJoin(accounts, eq(accounts.id, memberships.accountId))
        .where(gt(memberships.id, after))
        .orderBy(asc(memberships.id))
        .limit(PAGE);
      for (const { m, a } of rows) {
        const cls = classes.find((c) => c.id === m.classId);
        const status = statusOn(datesOf(m, cls), today, rules);
        const cells: Record<(typeof MEMBER_COLUMNS)[number]['field'], string> = {
          memberNo: m.memberNo,
          nameZh: a.nameZh,
          nameEn: a.nameEn,
          personId: decrypt(rt.secrets.personIdKey, a.personIdEncrypted),
          email: a.email,
          phone: a.mobile || a.phone,
          language: a.localeUnknown ? '' : a.preferredLocale,
          class: cls?.code ?? '',
          status,
          termStart: m.termStart,
          termEnd: m.termEnd ?? '',
          joinedOn: m.joinedOn,
        };
        await writer.write(MEMBER_COLUMNS.map((c) => cells[c.field]));
      }
      count += rows.length;
      options.onProgress?.(count);
      if (rows.length < PAGE) break;
      after = rows.at(-1)!.m.id;
    }
  } finally {
    await writer.close();
  }
  // Who took the national IDs out, and when.
  await recordAudit(db, {
    actor: options.actor ?? SYSTEM,
    action: 'export.members',
    ...(options.ip === undefined ? {} : { ip: options.ip }),
    detail: { by: options.by, file: path.basename(file), members: count },
  });
  return count;
}

/**
 * The members file for the office to download from the console (CSV or Excel), the same as the
 * command writes: made in a folder of its own readable by the server alone, read back, removed.
 */
export async function exportMembersDownload(
  format: TableFormat,
  staff: AuditActor,
  by: string,
  ip: string,
): Promise<{ body: Buffer; filename: string; members: number }> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'members-export-'));
  const filename = `members-${taipeiDate()}.${format}`;
  const file = path.join(folder, filename);
  try {
    const members = await exportMembers(file, { by, actor: staff, ip });
    return { body: await readFile(file), filename, members };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
