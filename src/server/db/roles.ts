import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * On PostgreSQL, what the role the portal serves as could do to the audit log beyond appending to
 * it (docs/decisions/033): a superuser or the tables' owner can switch its trigger off and rewrite
 * rows. The chain still shows such a change; the two-role set-up (README, "Going live") refuses it.
 */
export async function runtimeRoleWarnings(db: Db): Promise<string[]> {
  const { rows } = await db.execute<{ role: string; superuser: boolean; owns: boolean }>(sql`
    SELECT current_user AS role, r.rolsuper AS superuser,
      EXISTS (SELECT 1 FROM pg_tables t WHERE t.schemaname = 'public' AND t.tablename = 'audit_log'
        AND pg_has_role(current_user, t.tableowner, 'USAGE')) AS owns
    FROM pg_roles r WHERE r.rolname = current_user`);
  const row = rows[0];
  if (!row) return [];
  const set = 'serve with a role that may only read and append to it (MIGRATION_DATABASE_URL; README, "Going live")';
  const warnings: string[] = [];
  if (row.superuser)
    warnings.push(
      `The portal serves as ${row.role}, a superuser: it could switch off the audit log's protection; ${set}`,
    );
  else if (row.owns)
    warnings.push(
      `The portal serves as ${row.role}, which owns the tables: it could switch off the audit log's protection; ${set}`,
    );
  return warnings;
}
