/**
 * Matching a bank statement's incoming transfers to the transfers members reported (the finance
 * desk's statement matching): pure, so the proposal and the confirmation's re-check use one rule.
 */

/** One incoming transfer read from the statement. */
export interface StatementLine {
  /** The line as the file numbers it (1 is the header). */
  line: number;
  /** YYYY-MM-DD. */
  date: string;
  /** Whole New Taiwan dollars. */
  amount: number;
  /** The paying account as the bank shows it (often masked but for its last digits). */
  account: string;
  memo: string;
}

/** A reported transfer waiting for finance, as the rule reads it. */
export interface WaitingTransfer {
  remittanceId: number;
  amount: number;
  transferDate: string;
  accountLast5: string;
  orderNumber: string;
}

/** How many days a statement's date may be from the day the member reported (the bank books late, members misremember). */
export const MATCH_WINDOW_DAYS = 3;

const dayNumber = (date: string) => Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / 86_400_000;
const digits = (text: string) => text.replace(/\D+/g, '');

/**
 * Whether a line is a reported transfer: exactly its amount, the paying account's last five digits
 * (the account ends with them, or the memo carries them or the order number), and a date within
 * `MATCH_WINDOW_DAYS` of the reported one.
 */
export function lineFits(line: StatementLine, transfer: WaitingTransfer): boolean {
  if (line.amount !== transfer.amount) return false;
  if (Math.abs(dayNumber(line.date) - dayNumber(transfer.transferDate)) > MATCH_WINDOW_DAYS) return false;
  const account = digits(line.account);
  const named =
    (account.length >= 5 && account.endsWith(transfer.accountLast5)) ||
    digits(line.memo).includes(transfer.accountLast5) ||
    line.memo.toUpperCase().includes(transfer.orderNumber.toUpperCase());
  return named;
}

export interface Proposal {
  line: StatementLine;
  /** The reported transfer proposed, or null: no waiting transfer fits. */
  remittanceId: number | null;
  /** Only one transfer fits the line, and the line is the only one fitting it: ticked by default. */
  sure: boolean;
}

/**
 * Proposes a reported transfer for each line, each transfer for one line at most: where several
 * fit, the nearest date (then the oldest report) is proposed but not sure. Answers the proposals in
 * the statement's order and the waiting transfers no line took.
 */
export function proposeMatches(
  lines: readonly StatementLine[],
  waiting: readonly WaitingTransfer[],
): { proposals: Proposal[]; unmatched: number[] } {
  const fitsOf = lines.map((line) => waiting.filter((w) => lineFits(line, w)));
  const linesFitting = new Map<number, number>();
  for (const fits of fitsOf)
    for (const w of fits) linesFitting.set(w.remittanceId, (linesFitting.get(w.remittanceId) ?? 0) + 1);
  const taken = new Set<number>();
  const proposals = lines.map((line, i) => {
    const free = fitsOf[i]!.filter((w) => !taken.has(w.remittanceId));
    const distance = (w: WaitingTransfer) => Math.abs(dayNumber(line.date) - dayNumber(w.transferDate));
    const best = [...free].sort((a, b) => distance(a) - distance(b))[0];
    if (!best) return { line, remittanceId: null, sure: false };
    taken.add(best.remittanceId);
    return {
      line,
      remittanceId: best.remittanceId,
      sure: fitsOf[i]!.length === 1 && linesFitting.get(best.remittanceId) === 1,
    };
  });
  return { proposals, unmatched: waiting.filter((w) => !taken.has(w.remittanceId)).map((w) => w.remittanceId) };
}
