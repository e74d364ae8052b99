/**
 * `npm run society`: the society as one file (DESIGN.md §18; README: Going live).
 *
 *   npm run society -- check FILE            list every problem of the file, in both languages
 *   npm run society -- apply FILE            print what applying it would change
 *   npm run society -- apply FILE --yes      …and apply it: one transaction, each change audited
 *   npm run society -- export [FILE]         write the stored society as a file (to the terminal without FILE)
 *
 * `check` reads only the file. `apply` and `export` run on the configured database like
 * `npm start`; on the embedded database the server must be stopped (its lock says so), on
 * PostgreSQL they run at any time (a running server shows the change within its caches' 30 s).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import { checkSociety, type SocietyProblem } from '../../lib/society/problems';
import type { SocietyChange } from '../../lib/society/plan';
import type { SocietyFile } from '../../lib/society/society-file';
import { readSocietyText, societyYaml } from '../../lib/society/society-yaml';
import { CommandError, runCommand, withRuntime } from './command';
import { applySociety, planSocietyChanges, readSociety, type SocietyAssets } from '../services/society/society';
import { extensionOf, readSocietyAssets, storedBytes } from '../services/society/society-assets';

const USAGE = [
  'Usage / 用法:',
  '  npm run society -- check FILE',
  '  npm run society -- apply FILE [--yes]',
  '  npm run society -- export [FILE]',
].join('\n');

const out = (line = '') => process.stdout.write(`${line}\n`);

function printProblems(file: string, problems: SocietyProblem[]): void {
  out(`${file}: ${problems.length} 個問題 / ${problems.length} problem${problems.length === 1 ? '' : 's'}`);
  for (const problem of problems) {
    out(`  ${problem.path || '(檔案 / file)'}`);
    out(`    ${problem.zh}`);
    out(`    ${problem.en}`);
  }
}

/** Reads and checks a society file with its pictures; stops listing every problem. */
async function load(file: string): Promise<{ society: SocietyFile; assets: SocietyAssets }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new CommandError(`讀不到 ${file} / Cannot read ${file}`);
  }
  const read = readSocietyText(text, file);
  if ('problem' in read) {
    printProblems(file, [read.problem]);
    throw new CommandError('');
  }
  const checked = checkSociety(read.value);
  if (!checked.ok) {
    printProblems(file, checked.problems);
    throw new CommandError('');
  }
  const { assets, problems } = await readSocietyAssets(checked.society, path.dirname(path.resolve(file)));
  if (problems.length) {
    printProblems(file, problems);
    throw new CommandError('');
  }
  return { society: checked.society, assets };
}

const LABELS: Record<SocietyChange['kind'], string> = {
  set: '變更 changed',
  add: '新增 added',
  remove: '刪除 deleted (not in use / 未使用)',
  close: '關閉 closed: in use, so kept / 使用中，保留',
  unpublish: '下架 unpublished: in use, so kept / 使用中，保留',
  order: '順序 order',
};

function short(value: unknown): string {
  if (value === undefined) return '';
  const json = JSON.stringify(value) ?? 'null';
  return json.length > 70 ? `${json.slice(0, 67)}…` : json;
}

/** A picture is compared by its bytes: the plan holds digests, which say nothing to a reader. */
const PICTURE = (digest: unknown) => (digest === null ? '(無 none)' : '(圖檔 picture)');

function printChanges(changes: SocietyChange[]): void {
  for (const change of changes) {
    const picture = change.path === 'logo' || change.path === 'favicon';
    const [before, after] = picture
      ? [PICTURE(change.before), `${PICTURE(change.after)}${change.after && change.before ? ' 已更換 replaced' : ''}`]
      : [short(change.before), short(change.after)];
    const detail = change.kind === 'set' || change.kind === 'order' ? `: ${before} → ${after}` : '';
    out(`  ${LABELS[change.kind].padEnd(14)} ${change.path}${detail}`);
  }
}

async function apply(file: string, yes: boolean): Promise<void> {
  const { society, assets } = await load(file);
  await withRuntime('society', async (rt) => {
    const { db } = rt.database;
    if (!yes) {
      const { changes, setUp } = await planSocietyChanges(db, society, assets);
      if (changes.length === 0 && setUp) {
        out('沒有需要變更的項目：資料庫已與檔案一致。 / Nothing to change: the society matches the file.');
        return;
      }
      out(`套用 ${file} 將變更 ${changes.length} 項 / Applying ${file} would make ${changes.length} change(s):`);
      printChanges(changes);
      if (!setUp) out('  並完成網站初始設定 / and set the portal up');
      out('');
      out('未變更任何資料。確認無誤後加上 --yes 套用。 / Nothing was changed: add --yes to apply.');
      return;
    }
    const by = `society command (${userInfo().username})`;
    const changes = await db.transaction((tx) => applySociety(tx, society, assets, { storage: rt.storage, by }));
    if (changes.length === 0) {
      out('沒有需要變更的項目：資料庫已與檔案一致。 / Nothing to change: the society matches the file.');
      return;
    }
    printChanges(changes);
    out(
      `已套用 ${changes.length} 項變更，並記錄於稽核紀錄。 / Applied ${changes.length} change(s), each in the audit log.`,
    );
  });
}

async function exportSociety(file: string | undefined): Promise<void> {
  await withRuntime('society', async (rt) => {
    const stored = await readSociety(rt.database.db);
    const society: SocietyFile = { ...stored.society };
    for (const key of ['logo', 'favicon'] as const) {
      const asset = stored.assets[key];
      if (!asset) continue;
      const bytes = await storedBytes(rt.storage, asset);
      if (!bytes)
        throw new CommandError(
          `找不到已儲存的${key === 'logo' ? '標誌' : '網站圖示'}檔案 ${asset.storageKey}（DATA_DIR/files） / ` +
            `The stored ${key} (${asset.storageKey}) is missing from DATA_DIR/files: is DATA_DIR the server's?`,
        );
      if (file) {
        const name = `${key}${extensionOf(asset.contentType)}`;
        await mkdir(path.dirname(path.resolve(file)), { recursive: true });
        await writeFile(path.join(path.dirname(path.resolve(file)), name), bytes);
        society[key] = name;
      } else society[key] = `data:${asset.contentType};base64,${Buffer.from(bytes).toString('base64')}`;
    }
    if (!file) {
      process.stdout.write(societyYaml(society));
      return;
    }
    await writeFile(
      file,
      file.toLowerCase().endsWith('.json') ? `${JSON.stringify(society, null, 2)}\n` : societyYaml(society),
    );
    out(`已寫入 ${file} / Wrote ${file}`);
    if (!stored.setUp)
      out(
        '尚未套用任何設定檔：此檔為預設值，請填寫後以 apply 套用。 / No society is set up yet: fill this in, then apply it.',
      );
  });
}

async function run(args: string[]): Promise<void> {
  const [command, ...rest] = args;
  const yes = rest.includes('--yes');
  const [file, ...extra] = rest.filter((a) => a !== '--yes');
  if (command === 'check' && file && extra.length === 0 && !yes) {
    await load(file);
    out(`${file}：沒有問題 / no problems`);
  } else if (command === 'apply' && file && extra.length === 0) await apply(file, yes);
  else if (command === 'export' && extra.length === 0 && !yes) await exportSociety(file);
  else throw new CommandError(USAGE);
}

runCommand(() => run(process.argv.slice(2)));
