/**
 * `npm run mail -- status | hold | release`: whether the mail outbox is held, and holding or
 * releasing it. A restored portal starts held (`npm run restore`): nothing leaves until it is
 * released here or on the console's mail page. Runs on the configured database like the other
 * commands (on the embedded database with the server stopped); a serving process on PostgreSQL
 * sees the change at its worker's next look (10 s).
 */
import { userInfo } from 'node:os';
import { SYSTEM } from '../services/accounts/audit';
import { mailHold, mailHoldText, setMailHold } from '../services/mail/mail-hold';
import { CommandError, runCommand, withRuntime } from './command';
const USAGE = 'Usage: npm run mail -- status | hold | release';

async function run(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (rest.length > 0 || (command !== 'status' && command !== 'hold' && command !== 'release'))
    throw new CommandError(USAGE);
  await withRuntime('mail', async () => {
    const who = { actor: SYSTEM, by: { kind: 'command' as const, name: userInfo().username } };
    const hold = command === 'status' ? await mailHold() : await setMailHold(command === 'hold', who);
    process.stdout.write(`${mailHoldText(hold)}\n`);
  });
}

runCommand(() => run(process.argv.slice(2)));
