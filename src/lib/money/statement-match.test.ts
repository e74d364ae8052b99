import { describe, expect, it } from 'vitest';
import { lineFits, proposeMatches, type StatementLine, type WaitingTransfer } from './statement-match';

const transfer = (over: Partial<WaitingTransfer> = {}): WaitingTransfer => ({
  remittanceId: 1,
  amount: 1500,
  transferDate: '2026-11-20',
  accountLast5: '34567',
  orderNumber: 'O2026-000123',
  ...over,
});
const line = (over: Partial<StatementLine> = {}): StatementLine => ({
  line: 2,
  date: '2026-11-20',
  amount: 1500,
  account: '008-1234-34567',
  memo: '',
  ...over,
});

describe('lineFits', () => {
  it('needs the exact amount, the digits and a date within three days', () => {
    expect(lineFits(line(), transfer())).toBe(true);
    expect(lineFits(line({ amount: 1499 }), transfer())).toBe(false);
    expect(lineFits(line({ date: '2026-11-23' }), transfer())).toBe(true);
    expect(lineFits(line({ date: '2026-11-24' }), transfer())).toBe(false);
    expect(lineFits(line({ date: '2026-11-16' }), transfer())).toBe(false);
    expect(lineFits(line({ account: '008-1234-34568' }), transfer())).toBe(false);
    // The digits or the order number in the memo name the transfer too.
    expect(lineFits(line({ account: '', memo: '末五碼 34567' }), transfer())).toBe(true);
    expect(lineFits(line({ account: '', memo: 'for o2026-000123' }), transfer())).toBe(true);
    // A masked account shorter than five digits names nobody.
    expect(lineFits(line({ account: '4567' }), transfer({ accountLast5: '04567' }))).toBe(false);
  });
});

describe('proposeMatches', () => {
  it('takes each transfer once, the nearest date first, and is sure only of one-to-one fits', () => {
    const waiting = [
      transfer({ remittanceId: 1, transferDate: '2026-11-18' }),
      transfer({ remittanceId: 2, transferDate: '2026-11-20' }),
      transfer({ remittanceId: 3, amount: 900, accountLast5: '11111' }),
      transfer({ remittanceId: 4, amount: 700, accountLast5: '22222' }),
    ];
    const { proposals, unmatched } = proposeMatches(
      [
        line({ line: 2 }),
        line({ line: 3, date: '2026-11-18' }),
        line({ line: 4, amount: 900, account: 'x11111' }),
        line({ line: 5, amount: 800, account: 'x22222' }),
      ],
      waiting,
    );
    expect(proposals.map((p) => [p.line.line, p.remittanceId, p.sure])).toEqual([
      [2, 2, false],
      [3, 1, false],
      [4, 3, true],
      [5, null, false],
    ]);
    expect(unmatched).toEqual([4]);
  });
});
