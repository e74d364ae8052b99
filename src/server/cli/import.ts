/**
 * `npm run import`: brings a society's members and credit history over from its old system
 * (DESIGN.md §18), and invites the members it brought to set their password. Runs on the configured
 * database like `npm start`: on the embedded database with the server stopped (its lock says so), on
 * PostgreSQL at any time.
 *
 *   npm run import -- members FILE [--yes] [--rejects FILE] [--encoding big5]
 *   npm run import -- credits FILE [--kind CODE] [--yes] [--rejects FILE] [--encoding big5]
 *   npm run import -- invite [--yes]
 *
 * FILE is CSV (UTF-8, or Big5 with --encoding big5) or Excel (.xlsx). Without --yes nothing is
 * written: the whole import runs and is rolled back, and the report says what --yes would do.
 * Refused lines are reported (line, column, the problem in both languages) and skipped; --rejects
 * writes them to a file in the same columns with the reason, to correct and import again. Every
 * change is written to the audit log with the operating system user who ran it.
 */
import { userInfo } from 'node:os';
import { CommandError, runCommand, withRuntime } from './command';
import { INVITE_VALID_DAYS, inviteFirstSignIn } from '../services/accounts/invite-first-sign-in';
import { importCredits, kindToImport } from '../services/imports/import-credits';
import { importMembers } from '../services/imports/import-members';
import { REMIND_AFTER_INVITE_DAYS } from '../services/membership/member-notices';
import type { RenewalReminderOutlook } from '../services/membership/renewal-reminders';
import { ImportError, type ImportReport, type Refusal } from '../services/imports/run-import';
import { TableFileError, type TableEncoding } from '../services/imports/table-file';
import { progressLine, tableFileErrorText } from './progress';

const USAGE = [
  'Usage: npm run import -- members FILE [--yes] [--rejects FILE] [--encoding big5]',
  '       npm run import -- credits FILE [--kind CODE] [--yes] [--rejects FILE] [--encoding big5]',
  '       npm run import -- invite [--yes]',
].join('\n');

interface Args {
  command: 'members' | 'credits' | 'invite';
  file: string | undefined;
  yes: boolean;
  rejects: string | undefined;
  kind: string | undefined;
  encoding: TableEncoding;
}

function parseArgs(argv: string[]): Args {
  const [command, ...rest] = argv;
  if (command !== 'members' && command !== 'credits' && command !== 'invite') throw new CommandError(USAGE);
  const args: Args = { command, file: undefined, yes: false, rejects: undefined, kind: undefined, encoding: 'utf-8' };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    const value = () => {
      const next = rest[++i];
      if (next === undefined || next.startsWith('--')) throw new CommandError(`${arg} needs a value\n${USAGE}`);
      return next;
    };
    if (arg === '--yes') args.yes = true;
    else if (arg === '--rejects' && command !== 'invite') args.rejects = value();
    else if (arg === '--kind' && command === 'credits') args.kind = value();
    else if (arg === '--encoding' && command !== 'invite') {
      const encoding = value().toLowerCase();
      if (encoding !== 'utf-8' && encoding !== 'utf8' && encoding !== 'big5')
        throw new CommandError(`--encoding is utf-8 or big5\n${USAGE}`);
      args.encoding = encoding === 'big5' ? 'big5' : 'utf-8';
    } else if (arg.startsWith('--') || command === 'invite' || args.file !== undefined)
      throw new CommandError(`Unknown argument ${arg}\n${USAGE}`);
    else args.file = arg;
  }
  if (command !== 'invite' && !args.file) throw new CommandError(`${command} needs a FILE\n${USAGE}`);
  return args;
}

const out = (line = '') => process.stdout.write(`${line}\n`);
const both = (zh: string, en: string) => {
  out(zh);
  out(en);
};

function printRefusal(refusal: Refusal): void {
  for (const problem of refusal.problems) {
    const zhColumn = problem.column ? `〔${problem.column['zh-tw']}〕` : '';
    const enColumn = problem.column ? ` [${problem.column['en-us']}]` : '';
    both(
      `第 ${refusal.line} 行${zhColumn}：${problem.text['zh-tw']}`,
      `Line ${refusal.line}${enColumn}: ${problem.text['en-us']}`,
    );
  }
}

/** Refused lines printed one by one; the rest are counted by reason (and all are in --rejects FILE). */
export const REFUSALS_PRINTED = 50;

/** The refused lines by reason (column and problem), and how many were printed. */
function refusalTally() {
  const reasons = new Map<string, { example: Refusal['problems'][number]; lines: number }>();
  let lines = 0;
  return {
    shown: 0,
    count(refusal: Refusal) {
      lines += 1;
      for (const problem of refusal.problems) {
        const key = `${problem.column?.['en-us'] ?? ''}\u0000${problem.code}`;
        const reason = reasons.get(key);
        if (reason) reason.lines += 1;
        else reasons.set(key, { example: problem, lines: 1 });
      }
    },
    print(this: { shown: number }, rejects: string | undefined) {
      if (lines === 0) return;
      out();
      if (lines > this.shown)
        both(
          `以上列出前 ${this.shown} 行退回的行，共 ${lines} 行${rejects ? `；全部退回的行及原因已寫入 ${rejects}` : '；加上 --rejects 檔名 可取得全部退回的行及原因'}`,
          `The first ${this.shown} refused lines are shown above, of ${lines}${rejects ? `; all of them, with their reason, are in ${rejects}` : '; add --rejects FILE to get all of them with their reason'}`,
        );
      both('退回原因（行數）：', 'Refused lines by reason:');
      for (const { example, lines: n } of [...reasons.values()].sort((a, b) => b.lines - a.lines)) {
        const zhColumn = example.column ? `〔${example.column['zh-tw']}〕` : '';
        const enColumn = example.column ? `[${example.column['en-us']}] ` : '';
        both(
          `  ${n} 行${zhColumn}：${example.text['zh-tw']}（例）`,
          `  ${n} ${n === 1 ? 'line' : 'lines'}: ${enColumn}${example.text['en-us']} (e.g.)`,
        );
      }
    },
  };
}

function printCounts(report: ImportReport): void {
  out();
  if (report.ignoredColumns.length > 0)
    both(`未讀取的欄位：${report.ignoredColumns.join('、')}`, `Columns not read: ${report.ignoredColumns.join(', ')}`);
  both(
    `新增 ${report.new}、變更 ${report.changed}、未變更 ${report.unchanged}、退回 ${report.refused}（共 ${report.lines} 行）`,
    `New ${report.new}, changed ${report.changed}, unchanged ${report.unchanged}, refused ${report.refused} (${report.lines} ${report.lines === 1 ? 'line' : 'lines'})`,
  );
  if (report.new + report.changed === 0)
    both('沒有需要變更的資料：檔案與系統中的資料相同。', 'Nothing to change: the file says what is stored.');
  else if (report.applied) both('已套用。', 'Applied.');
  else
    both('試算完成，未寫入任何資料；確認無誤後加上 --yes 套用。', 'Dry run: nothing was written. Add --yes to apply.');
  if (report.refused > 0 && report.applied)
    both(
      '退回的行未匯入；更正後可再匯入（已匯入的行不會重複）。',
      'Refused lines were not imported: correct them and import again (lines already imported stay as they are).',
    );
}

/** The renewal reminders due, and when they go (docs/decisions/034). */
function printReminders(r: RenewalReminderOutlook): void {
  const total = r.now + r.afterInvitation + r.notInvited;
  out();
  if (total === 0) {
    both('目前沒有到期的續會提醒。', 'No renewal reminder is due now.');
    return;
  }
  both(`到期的續會提醒：${total} 封`, `Renewal reminders due: ${total}`);
  if (r.now > 0)
    both(
      `  ${r.now} 封在伺服器啟動後的下一次排程寄出（會員已登入過，或邀請已寄出滿 ${REMIND_AFTER_INVITE_DAYS} 天）`,
      `  ${r.now} go at the server's next job run (members who have signed in, or invited ${REMIND_AFTER_INVITE_DAYS} days ago or more)`,
    );
  if (r.afterInvitation > 0)
    both(
      `  ${r.afterInvitation} 封等會員首次登入後寄出，最遲於邀請寄出 ${REMIND_AFTER_INVITE_DAYS} 天後（最早 ${r.from}）`,
      `  ${r.afterInvitation} wait for the member's first sign-in, or ${REMIND_AFTER_INVITE_DAYS} days after their invitation (the first on ${r.from})`,
    );
  if (r.notInvited > 0)
    both(
      `  ${r.notInvited} 封等待邀請：npm run import -- invite --yes 寄出邀請後，於會員首次登入或 ${REMIND_AFTER_INVITE_DAYS} 天後寄出`,
      `  ${r.notInvited} wait for an invitation: after npm run import -- invite --yes, they go at the member's first sign-in or ${REMIND_AFTER_INVITE_DAYS} days later`,
    );
}

async function run(argv: string[]): Promise<void> {
  const args = parseArgs(argv);
  const by = `import command (${userInfo().username})`;
  const progress = progressLine(args.command);
  await withRuntime('import', async () => {
    if (args.command === 'invite') {
      const report = await inviteFirstSignIn({ apply: args.yes, by, onProgress: progress.update });
      progress.done();
      both(
        `沒有密碼、也沒有有效連結的帳號：${report.invited}；連結仍有效的帳號：${report.waiting}`,
        `Accounts without a password or an open link: ${report.invited}; with a link still open: ${report.waiting}`,
      );
      if (report.invited === 0) both('沒有需要寄送的邀請。', 'No invitation to send.');
      else if (report.applied)
        both(
          `已將 ${report.invited} 封「設定您的密碼」郵件放入寄件匣，由伺服器的郵件程序依序寄出；連結 ${INVITE_VALID_DAYS} 天內有效。`,
          `${report.invited} “Set your password” ${report.invited === 1 ? 'mail is' : 'mails are'} in the outbox; the server's mail worker sends them. The links live ${INVITE_VALID_DAYS} days.`,
        );
      else
        both(
          `試算：將寄出 ${report.invited} 封邀請；加上 --yes 寄送。`,
          `Dry run: ${report.invited} ${report.invited === 1 ? 'invitation' : 'invitations'} would be mailed. Add --yes to send them.`,
        );
      return;
    }
    // A credits import names its kind before anything else is said.
    if (args.command === 'credits') await kindToImport(args.kind);
    both(
      `匯入${args.command === 'members' ? '會員' : '積分'}：${args.file}${args.yes ? '' : '（試算，不寫入）'}`,
      `Importing ${args.command}: ${args.file}${args.yes ? '' : ' (dry run: nothing is written)'}`,
    );
    const refused = refusalTally();
    const options = {
      file: args.file!,
      encoding: args.encoding,
      apply: args.yes,
      rejects: args.rejects,
      by,
      onRefused: (refusal: Refusal) => {
        refused.count(refusal);
        if (refused.shown >= REFUSALS_PRINTED) return;
        refused.shown += 1;
        progress.clear();
        printRefusal(refusal);
      },
      onProgress: progress.update,
    };
    if (args.command === 'members') {
      const report = await importMembers(options);
      progress.done();
      refused.print(args.rejects);
      printCounts(report);
      for (const s of report.sequences)
        both(
          `會員編號計數器 ${s.name} 由 ${s.from} 調整為 ${s.to}，之後發出的會員編號不會與匯入的重複。`,
          `The member-number counter ${s.name} moves from ${s.from} to ${s.to}: numbers given later do not repeat imported ones.`,
        );
      printReminders(report.reminders);
    } else {
      const report = await importCredits({ ...options, kind: args.kind });
      progress.done();
      refused.print(args.rejects);
      both(
        `認證類別：${report.kind.name['zh-tw']}（${report.kind.code}）`,
        `Certification: ${report.kind.name['en-us'] ?? report.kind.name['zh-tw']} (${report.kind.code})`,
      );
      printCounts(report);
    }
    if (args.rejects) both(`退回的行已寫入 ${args.rejects}`, `Refused lines are in ${args.rejects}`);
  }).finally(() => progress.done());
}

runCommand(
  () => run(process.argv.slice(2)),
  (error) =>
    error instanceof ImportError
      ? `${error.zh}\n${error.en}`
      : error instanceof TableFileError
        ? tableFileErrorText(error)
        : null,
);
