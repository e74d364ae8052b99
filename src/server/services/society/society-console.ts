/**
 * The society file's second door (DESIGN.md §18–19): the staff console shows the stored society
 * as the file `npm run society -- export` writes, checks an edited text with the same schema and
 * plan as `npm run society -- check` and `apply`, and applies it with a fresh second-factor code
 * in the same transaction, each change audited with the staff member as its actor. Every serving
 * process then empties its caches (`changeContent`). The console's forms edit one section of the
 * file at a time (`lib/society/sections.ts`) on the same path: the section goes into the stored
 * society, then the same checks, plan and apply as the text.
 */
import { ErrorCode } from '../../../lib/error-codes';
import type { SocietyChange } from '../../../lib/society/plan';
import { checkSociety, type SocietyProblem } from '../../../lib/society/problems';
import { sectionOf, withSection, type SocietySectionName } from '../../../lib/society/sections';
import type { SocietyFile } from '../../../lib/society/society-file';
import { readSocietyText, societyYaml } from '../../../lib/society/society-yaml';
import type { Actor } from '../../auth/sessions';
import type { Executor } from '../../db/client';
import { AppError } from '../../app-error';
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

/** The stored society's section as the export writes it. */
export async function societySection(name: SocietySectionName): Promise<unknown> {
  const { db } = (await runtime()).database;
  return sectionOf((await readSociety(db)).society, name);
}

/** What an edit makes of the stored society (in the file's form, not yet checked): the file's text, or one section. */
type Edit = (stored: SocietyFile) => { value: unknown } | { problems: SocietyProblem[] };

const textEdit =
  (text: string): Edit =>
  () => {
    const parsed = readSocietyText(text, 'society.yaml');
    return 'problem' in parsed ? { problems: [parsed.problem] } : parsed;
  };

/** The section's value merged into the stored society, as the export writes it. */
const sectionEdit =
  (name: SocietySectionName, value: unknown): Edit =>
  (stored) =>
    withSection(stored, name, value);

/** The one path of both doors: the edited society checked with the file's schema and its pictures read. */
async function read(
  tx: Executor,
  edit: Edit,
): Promise<{ problems: SocietyProblem[] } | { society: SocietyFile; assets: SocietyAssets }> {
  const stored = await readSociety(tx);
  const edited = edit(stored.society);
  if ('problems' in edited) return edited;
  const checked = checkSociety(edited.value);
  if (!checked.ok) return { problems: checked.problems };
  const { assets, problems } = await consoleSocietyAssets(checked.society, stored.assets, (await runtime()).storage);
  return problems.length ? { problems } : { society: checked.society, assets };
}

async function check(edit: Edit): Promise<SocietyCheck> {
  const { db } = (await runtime()).database;
  const result = await read(db, edit);
  if ('problems' in result) return { ok: false, problems: result.problems };
  return { ok: true, ...(await planSocietyChanges(db, result.society, result.assets)) };
}

async function apply(
  actor: Actor & { account: { email: string } },
  edit: Edit,
  code: string,
  ip: string,
): Promise<SocietyChange[]> {
  const rt = await runtime();
  const refused = (problems: SocietyProblem[]) => new AppError(ErrorCode.DATA_CHECK, { problems }, { key: 'society' });
  // A file with problems is refused before the code is taken (a code is used up once taken).
  const first = await read(rt.database.db, edit);
  if ('problems' in first) throw refused(first.problems);
  const changes = await withSecondFactor(actor, code, ip, async (tx) => {
    const result = await read(tx, edit);
    if ('problems' in result) throw refused(result.problems);
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

/** Every problem of the text, or what applying it would change (nothing is written). */
export function checkSocietyText(text: string): Promise<SocietyCheck> {
  return check(textEdit(text));
}

/**
 * Applies the text with a fresh code: -10 with the problems when it has any (nothing changes);
 * the changes made otherwise (none when the society matched already).
 */
export function applySocietyText(
  actor: Actor & { account: { email: string } },
  text: string,
  code: string,
  ip: string,
): Promise<SocietyChange[]> {
  return apply(actor, textEdit(text), code, ip);
}

/**
 * One section's value checked as part of the stored society (as the society is when checked, so
 * an edit made elsewhere meanwhile is kept): its problems with their paths in the whole file
 * (`classes[1].changeTo[0]`), or what applying it would change.
 */
export function checkSocietySection(name: SocietySectionName, value: unknown): Promise<SocietyCheck> {
  return check(sectionEdit(name, value));
}

/** Applies one section's value as the text is applied: the same checks, plan, code and audit. */
export function applySocietySection(
  actor: Actor & { account: { email: string } },
  name: SocietySectionName,
  value: unknown,
  code: string,
  ip: string,
): Promise<SocietyChange[]> {
  return apply(actor, sectionEdit(name, value), code, ip);
}
