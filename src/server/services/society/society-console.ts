/**
 * The society file's second door (DESIGN.md §18–19): the staff console shows the stored society
 * as the file `npm run society -- export` writes, checks an edited text with the same schema and
 * plan as `npm run society -- check` and `apply`, and applies it with a fresh second-factor code
 * in the same transaction, each change audited with the staff member as its actor. Every serving
 * process then empties its caches (`changeContent`).
 */
import { ErrorCode } from '../../../lib/error-codes';
import type { SocietyChange } from '../../../lib/society/plan';
import { checkSociety, type SocietyProblem } from '../../../lib/society/problems';
import type { SocietyFile } from '../../../lib/society/society-file';
import { readSocietyText, societyYaml } from '../../../lib/society/society-yaml';
import type { Actor } from '../../auth/sessions';
import type { Executor } from '../../db/client';
import { AppError } from '../../http/app-error';
import { runtime } from '../../runtime';
import { changeContent } from '../content/changes';
import { withSecondFactor } from '../staff/second-factor';
import { applySociety, planSocietyChanges, readSociety, type SocietyAssets } from './society';
import { consoleSocietyAssets } from './society-assets';

/** The stored society as the text of its file (pictures by their stored names). */
export async function societyText(): Promise<string> {
  const { db } = (await runtime()).database;
  return societyYaml((await readSociety(db)).society);
}

export type SocietyCheck =
  { ok: false; problems: SocietyProblem[] } | { ok: true; changes: SocietyChange[]; setUp: boolean };

async function read(
  tx: Executor,
  text: string,
): Promise<{ problems: SocietyProblem[] } | { society: SocietyFile; assets: SocietyAssets }> {
  const parsed = readSocietyText(text, 'society.yaml');
  if ('problem' in parsed) return { problems: [parsed.problem] };
  const checked = checkSociety(parsed.value);
  if (!checked.ok) return { problems: checked.problems };
  const rt = await runtime();
  const stored = await readSociety(tx);
  const { assets, problems } = await consoleSocietyAssets(checked.society, stored.assets, rt.storage);
  return problems.length ? { problems } : { society: checked.society, assets };
}

/** Every problem of the text, or what applying it would change (nothing is written). */
export async function checkSocietyText(text: string): Promise<SocietyCheck> {
  const { db } = (await runtime()).database;
  const result = await read(db, text);
  if ('problems' in result) return { ok: false, problems: result.problems };
  return { ok: true, ...(await planSocietyChanges(db, result.society, result.assets)) };
}

/**
 * Applies the text with a fresh code: -10 with the problems when it has any (nothing changes);
 * the changes made otherwise (none when the society matched already).
 */
export async function applySocietyText(
  actor: Actor & { account: { email: string } },
  text: string,
  code: string,
  ip: string,
): Promise<SocietyChange[]> {
  const rt = await runtime();
  const changes = await withSecondFactor(actor, code, ip, async (tx) => {
    const result = await read(tx, text);
    if ('problems' in result)
      throw new AppError(ErrorCode.DATA_CHECK, { problems: result.problems }, { key: 'society' });
    return applySociety(tx, result.society, result.assets, {
      storage: rt.storage,
      by: actor.account.email,
      actor: { userType: 'individual', accountId: actor.accountId },
      ip,
    });
  });
  // Names, settings and rules are read from the caches of every serving process: empty them.
  if (changes.length) await changeContent(async () => undefined);
  return changes;
}
