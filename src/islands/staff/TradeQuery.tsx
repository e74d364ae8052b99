import { useState } from 'react';
import { ApiError, apiPost } from '@/client/api';
import { getT } from '@/i18n';
import { formatAmount, formatDateTime } from '@/lib/format';
import type { Locale } from '@/lib/locales';
import type { TradeAnswer } from '@/lib/payments/methods';
import { useHydrated } from '../shared/use-hydrated';

interface Props {
  locale: Locale;
  merchantOrderNo: string;
}

interface Answer {
  orderNumber: string;
  outcome: 'applied' | 'surplus' | 'recorded' | 'notPaid' | 'unverified';
  orderStatus: string;
  answer: TradeAnswer;
}

const TRADE_STATUSES = [0, 1, 2, 3, 6];

/**
 * Asks the gateway what it knows of one attempt and shows its answer in place; money the gateway
 * says was paid and the portal lacked is applied by the server (once), and the reader is offered
 * the list again to see it.
 */
export default function TradeQuery({ locale, merchantOrderNo }: Props) {
  const t = getT(locale);
  const q = (key: string, values: Record<string, string> = {}) => t(`money:orders.query.${key}`, values);
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Answer | null>(null);
  const [error, setError] = useState<string | null>(null);

  const ask = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      setResult(
        await apiPost<Answer>('/api/amsw1101/money/attempts/query', { merchantOrderNo }, { suppressErrorToast: true }),
      );
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  const a = result?.answer;
  return (
    <div className="mt-1 font-sans break-normal">
      <button
        type="button"
        className="btn btn-outline btn-xs"
        aria-label={q('buttonFor', { no: merchantOrderNo })}
        aria-busy={busy}
        disabled={!hydrated || busy}
        onClick={() => void ask()}
      >
        {busy ? q('working') : q('button')}
      </button>
      <div role="status" aria-live="polite" className="text-xs">
        {error && <p className="mt-1 text-error">{error}</p>}
        {result && a && (
          <div className="mt-1 rounded-box bg-base-200 p-2">
            <p className="font-medium">{q(`outcomes.${result.outcome}`)}</p>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3">
              <dt>{q('status')}</dt>
              <dd className="break-all">
                {a.status} {a.message}
              </dd>
              {a.tradeStatus !== null && (
                <>
                  <dt>{q('tradeStatus')}</dt>
                  <dd>
                    {TRADE_STATUSES.includes(a.tradeStatus) ? q(`tradeStatuses.${a.tradeStatus}`) : a.tradeStatus}
                  </dd>
                </>
              )}
              {a.amount !== null && (
                <>
                  <dt>{q('amount')}</dt>
                  <dd className="tabular-nums">{formatAmount(a.amount)}</dd>
                </>
              )}
              {a.paymentType && (
                <>
                  <dt>{q('paymentType')}</dt>
                  <dd>{a.paymentType}</dd>
                </>
              )}
              {a.paidAt && (
                <>
                  <dt>{q('paidAt')}</dt>
                  <dd>{formatDateTime(a.paidAt, locale)}</dd>
                </>
              )}
              {a.tradeNo && (
                <>
                  <dt>{q('tradeNo')}</dt>
                  <dd className="break-all font-mono">{a.tradeNo}</dd>
                </>
              )}
            </dl>
            {(result.outcome === 'applied' || result.outcome === 'surplus') && (
              <button type="button" className="btn btn-link btn-xs px-0" onClick={() => window.location.reload()}>
                {q('reload')}
              </button>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
