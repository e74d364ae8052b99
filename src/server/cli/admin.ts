/**
 * `npm run admin`: grants and revokes roles (DESIGN.md §14) from the command line: the first admin
 * of a new portal, and a way back in when no admin can sign in. Everyone else is managed in the
 * staff console (`/staff/roles`). Runs on the configured database like `npm start`; on the
 * embedded database stop the server first.
 *
 *   npm run admin -- roles                                      list who holds which role
 *   npm run admin -- grant member@example.org reviewer:membership
 *   npm run admin -- revoke member@example.org finance
 *
 * Roles: reviewer:membership, reviewer:memberStatus, reviewer:credit, reviewer:contiEdu,
 * reviewer:paper, and the staff roles admin, office, finance, editor, ceOfficer, editorInChief,
 * events (used only after the account's second factor, set up at its first staff page). Every change is
 * written to the audit log with the operating system user who ran it.
 */
import { userInfo } from 'node:os';
import { runCommand, withRuntime } from './command';
import { grantRole, listRoles, revokeRole, RoleError } from '../services/roles/manage-roles';

const USAGE = 'Usage: npm run admin -- roles | grant <e-mail> <role> | revoke <e-mail> <role>';

async function run(args: string[]): Promise<void> {
  const [command, email, role] = args;
  if (command !== 'roles' && !((command === 'grant' || command === 'revoke') && email && role))
    throw new RoleError(USAGE);
  await withRuntime('admin', async () => {
    const by = `admin command (${userInfo().username})`;
    if (command === 'grant') process.stdout.write(`${email}: ${role} ${await grantRole(email!, role!, by)}\n`);
    else if (command === 'revoke') process.stdout.write(`${email}: ${role} ${await revokeRole(email!, role!, by)}\n`);
    else
      for (const row of await listRoles())
        process.stdout.write(`${row.email}\t${row.role}\t${row.grantedAt.toISOString()}\t${row.grantedBy}\n`);
  });
}

runCommand(
  () => run(process.argv.slice(2)),
  (error) => (error instanceof RoleError ? error.message : null),
);
