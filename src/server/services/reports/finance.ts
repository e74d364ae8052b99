/**
 * The money report of the staff console (finance): membership fees billed, collected and given back
 * per month, what is still due, and the bank transfers waiting for finance. Months are Taipei months.
 */
import { startOfTaipeiDate, taipeiDate } from '../../../lib/calendar-date';
import { reportMonths } from '../../../lib/reports/months';
import { runtime } from '../../runtime';

/**
 * The order items that are membership fees (joining, dues, a class change, life membership). The
 * other items (a certificate's reissue, credit claims, course reviews) are fees for a service.
 */
export const MEMBERSHIP_FEE_KINDS = ['entranceFee', 'lifeFee', 'dues', 'upgradeFee'] as const;

/** A moment's Taipei month (`YYYY-MM`) in SQL, whatever the session's time zone. */
const month = (column: string) => `to_char(timezone('UTC', ${column}) + interval '8 hours', 'YYYY-MM')`;
const FEES = `i.kind IN (${MEMBERSHIP_FEE_KINDS.map((k) => `'${k}'`).join(', ')})`;

/**
 * Everything the report shows from `$1` (the window's first moment) in one statement; `$2` and
 * `$3` are the moments three and seven days ago (how long a transfer has waited).
 */
const FINANCE_REPORT = `
  SELECT
    (SELECT json_object_agg(b.month, b.amount) FROM (
      SELECT ${month('o.created_at')} AS month, sum(i.amount) AS amount
      FROM orders o JOIN order_items i ON i.order_id = o.id
      WHERE ${FEES} AND o.status <> 'cancelled' AND o.created_at >= $1 GROUP BY 1) b) AS billed,
    (SELECT json_object_agg(c.month, c.amount) FROM (
      SELECT ${month('o.paid_at')} AS month, sum(i.amount) AS amount
      FROM orders o JOIN order_items i ON i.order_id = o.id
      WHERE ${FEES} AND o.status = 'paid' AND o.paid_at >= $1 GROUP BY 1) c) AS collected,
    (SELECT json_object_agg(g.month, g.amount) FROM (
      SELECT to_char(f.refunded_on, 'YYYY-MM') AS month, sum(f.amount) AS amount
      FROM refunds f
      WHERE f.refunded_on >= (timezone('UTC', $1::timestamptz) + interval '8 hours')::date
        AND EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = f.order_id AND ${FEES})
      GROUP BY 1) g) AS refunded,
    (SELECT json_build_array(count(DISTINCT o.id), COALESCE(sum(i.amount), 0))
      FROM orders o JOIN order_items i ON i.order_id = o.id
      WHERE ${FEES} AND o.status = 'pending') AS outstanding,
    (SELECT json_build_array(count(*), COALESCE(sum(r.amount), 0), min(r.created_at),
        count(*) FILTER (WHERE r.created_at > $2),
        count(*) FILTER (WHERE r.created_at <= $2 AND r.created_at > $3),
        count(*) FILTER (WHERE r.created_at <= $3))
      FROM remittances r WHERE r.status = 'reported') AS waiting,
    (SELECT json_agg(json_build_array(x.month, x.status, x.n)) FROM (
      SELECT ${month('r.created_at')} AS month, r.status, count(*) AS n
      FROM remittances r WHERE r.created_at >= $1 GROUP BY 1, 2) x) AS remittances`;

export interface FinanceReport {
  months: string[];
  billed: number[];
  collected: number[];
  /** Refunds recorded on membership-fee orders, by the day the money went back. */
  refunded: number[];
  outstanding: { orders: number; amount: number };
  remittances: {
    waiting: { count: number; amount: number; oldest: string | null };
    ages: { age: 'under3' | 'under7' | 'over7'; count: number }[];
    reported: number[];
    confirmed: number[];
    rejected: number[];
  };
}

export async function financeReport(months: number, now = new Date()): Promise<FinanceReport> {
  const today = taipeiDate(now);
  const window = reportMonths(today, months);
  const rt = await runtime();
  const [row] = await rt.database.prepared('report_finance', FINANCE_REPORT, [
    startOfTaipeiDate(window[0]!.first),
    new Date(now.getTime() - 3 * 86_400_000),
    new Date(now.getTime() - 7 * 86_400_000),
  ]);
  const byMonth = (values: unknown) => {
    const map = (values ?? {}) as Record<string, number | string>;
    return window.map((m) => Number(map[m.month] ?? 0));
  };
  const [orders, amount] = (row?.outstanding ?? [0, 0]) as [number, number | string];
  const [count, waitingAmount, oldest, under3, under7, over7] = (row?.waiting ?? [0, 0, null, 0, 0, 0]) as [
    number,
    number | string,
    string | null,
    number,
    number,
    number,
  ];
  const flows = (row?.remittances ?? []) as [string, string, number][];
  const flow = (status: string) => window.map((m) => flows.find(([mo, s]) => mo === m.month && s === status)?.[2] ?? 0);
  // Reported in the month, whatever became of it since.
  const reported = window.map((m) => flows.filter(([mo]) => mo === m.month).reduce((sum, [, , n]) => sum + n, 0));
  return {
    months: window.map((m) => m.month),
    billed: byMonth(row?.billed),
    collected: byMonth(row?.collected),
    refunded: byMonth(row?.refunded),
    outstanding: { orders: Number(orders), amount: Number(amount) },
    remittances: {
      waiting: {
        count: Number(count),
        amount: Number(waitingAmount),
        oldest: oldest && new Date(oldest).toISOString(),
      },
      ages: [
        { age: 'under3', count: Number(under3) },
        { age: 'under7', count: Number(under7) },
        { age: 'over7', count: Number(over7) },
      ],
      reported,
      confirmed: flow('confirmed'),
      rejected: flow('rejected'),
    },
  };
}
