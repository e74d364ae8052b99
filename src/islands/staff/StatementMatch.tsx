import { useId, useRef, useState } from 'react';
import { ApiError, apiPost } from '@/client/api';
import { getT } from '@/i18n';
import { formatAmount } from '@/lib/format';
import type { Locale } from '@/lib/locales';
import { ConfirmDialog } from '../shared/ConfirmDialog';

interface Reported {
  remittanceId: number;
  orderNumber: string;
  amount: number;
  transferDate: string;
  accountLast5: string;
  payerName: string;
  memberNo: string | null;
  own: boolean;
}
interface Line {
  line: number;
  date: string;
  amount: number;
  account: string;
  memo: string;
  remittance: Reported | null;
  sure: boolean;
}
interface Proposal {
  /** The statement as the server keeps it: the confirmation names its lines. */
  statementId: number;
  lines: Line[];
  skipped: { line: number; reason: 'date' | 'amount' | 'notIncoming' }[];
  unmatched: Reported[];
}
interface Result {
  remittanceId: number;
  line: number;
  orderNumber: string | null;
  outcome: 'applied' | 'surplus' | 'decided' | 'unknown' | 'own' | 'mismatch';
}

interface Props {
  locale: Locale;
}

/**
 * Finance's bank statement matching: reads a statement (the server keeps it), shows each incoming
 * transfer with the reported transfer it matches (sure matches ticked), and confirms the ticked
 * ones in one request, naming the kept statement's lines; then says what became of each.
 */
export default function StatementMatch({ locale }: Props) {
  const t = getT(locale);
  const s = (key: string, values: Record<string, string | number> = {}) => t(`money:statement.${key}`, values);
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const [ticked, setTicked] = useState<Set<number>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'read' | 'confirm' | null>(null);
  const [results, setResults] = useState<Result[] | null>(null);
  /** How many the dialog asks about: fixed when it opens, so its button keeps its words while it closes. */
  const [asked, setAsked] = useState(0);

  const read = async (event: React.FormEvent) => {
    event.preventDefault();
    const file = fileRef.current?.files?.[0];
    if (!file || busy) return;
    setBusy('read');
    setError(null);
    setResults(null);
    try {
      const form = new FormData();
      form.set('file', file);
      const found = await apiPost<Proposal>('/api/amsw1101/money/statement', form, { suppressErrorToast: true });
      setProposal(found);
      setTicked(new Set(found.lines.filter((l) => l.sure).map((l) => l.line)));
    } catch (caught) {
      setProposal(null);
      setError(caught instanceof ApiError ? caught.message : String(caught));
    } finally {
      setBusy(null);
    }
  };

  const chosen = proposal?.lines.filter((l) => l.remittance && ticked.has(l.line)) ?? [];

  const confirm = async () => {
    if (busy || chosen.length === 0) return;
    setBusy('confirm');
    setError(null);
    try {
      const answer = await apiPost<{ results: Result[] }>(
        '/api/amsw1101/money/statement/confirm',
        {
          statementId: proposal!.statementId,
          matches: chosen.map((l) => ({ remittanceId: l.remittance!.remittanceId, line: l.line })),
        },
        { suppressErrorToast: true },
      );
      dialog.current?.close();
      setResults(answer.results);
      setProposal(null);
      setTicked(new Set());
      if (fileRef.current) fileRef.current.value = '';
    } catch (caught) {
      dialog.current?.close();
      setError(caught instanceof ApiError ? caught.message : String(caught));
    } finally {
      setBusy(null);
    }
  };

  const toggle = (line: number, on: boolean) =>
    setTicked((now) => {
      const next = new Set(now);
      if (on) next.add(line);
      else next.delete(line);
      return next;
    });

  const matched = proposal?.lines.filter((l) => l.remittance).length ?? 0;

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={(e) => void read(e)} className="flex flex-col gap-3 rounded-box bg-base-200 p-4">
        <label htmlFor={`${id}-file`} className="text-sm font-medium">
          {s('file')}
        </label>
        <input
          id={`${id}-file`}
          ref={fileRef}
          type="file"
          name="file"
          required
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          className="file-input file-input-bordered w-full max-w-md"
          aria-describedby={`${id}-hint`}
        />
        <p id={`${id}-hint`} className="text-xs text-base-content/70">
          {s('fileHint')}
        </p>
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy !== null}>
            {busy === 'read' ? s('reading') : s('read')}
          </button>
        </div>
      </form>

      {error && (
        <p role="alert" className="alert alert-error">
          {error}
        </p>
      )}

      {results && (
        <section aria-labelledby={`${id}-results`} role="status">
          <h2 id={`${id}-results`} className="mb-2 text-lg font-semibold">
            {s('results')}
          </h2>
          <ul className="list-disc pl-6">
            {results.map((r) => (
              <li key={r.line} className={r.outcome === 'applied' ? '' : 'text-warning-content'}>
                {s(`outcomes.${r.outcome}`, { line: r.line, order: r.orderNumber ?? '' })}
              </li>
            ))}
          </ul>
        </section>
      )}

      {proposal && (
        <section aria-labelledby={`${id}-lines`}>
          <h2 id={`${id}-lines`} className="mb-1 text-lg font-semibold">
            {s('lines')}
          </h2>
          <p role="status" className="mb-3">
            {s('summary', { lines: proposal.lines.length, matched })}
          </p>
          {proposal.lines.length > 0 && (
            <table className="stack-table table table-sm w-full">
              <thead>
                <tr>
                  <th scope="col">{s('pick')}</th>
                  <th scope="col">{s('line')}</th>
                  <th scope="col">{s('date')}</th>
                  <th scope="col">{s('amount')}</th>
                  <th scope="col">{s('account')}</th>
                  <th scope="col">{s('matched')}</th>
                </tr>
              </thead>
              <tbody>
                {proposal.lines.map((l) => (
                  <tr key={l.line}>
                    <td data-label={s('pick')}>
                      {l.remittance && !l.remittance.own ? (
                        <input
                          type="checkbox"
                          className="checkbox"
                          checked={ticked.has(l.line)}
                          onChange={(e) => toggle(l.line, e.target.checked)}
                          aria-label={s('pickLine', { line: l.line, order: l.remittance.orderNumber })}
                        />
                      ) : (
                        '—'
                      )}
                    </td>
                    <td data-label={s('line')}>{l.line}</td>
                    <td data-label={s('date')}>{l.date}</td>
                    <td data-label={s('amount')} className="tabular-nums">
                      {formatAmount(l.amount)}
                    </td>
                    <td data-label={s('account')} className="break-all">
                      <span className="font-mono">{l.account}</span>
                      {l.memo && <div className="text-xs text-base-content/70">{l.memo}</div>}
                    </td>
                    <td data-label={s('matched')}>
                      {l.remittance ? (
                        <div>
                          <div className="font-medium">
                            {l.remittance.payerName}
                            {l.remittance.memberNo && (
                              <span className="ml-1 font-mono text-xs">{l.remittance.memberNo}</span>
                            )}
                          </div>
                          <div className="font-mono text-sm">{l.remittance.orderNumber}</div>
                          <div className="text-xs text-base-content/70">
                            {s('reported', { date: l.remittance.transferDate, last5: l.remittance.accountLast5 })}
                          </div>
                          {l.remittance.own ? (
                            <div className="text-xs text-warning-content">{s('own')}</div>
                          ) : (
                            !l.sure && <div className="text-xs text-warning-content">{s('unsure')}</div>
                          )}
                        </div>
                      ) : (
                        <span className="text-base-content/70">{s('noMatch')}</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {matched > 0 && (
            <div className="mt-4">
              <button
                type="button"
                className="btn btn-primary"
                disabled={busy !== null}
                onClick={() => {
                  if (chosen.length === 0) {
                    setError(s('noneTicked'));
                    return;
                  }
                  setAsked(chosen.length);
                  dialog.current?.showModal();
                }}
              >
                {s('confirm', { count: chosen.length })}
              </button>
            </div>
          )}
          {proposal.skipped.length > 0 && (
            <div className="mt-6">
              <h3 className="mb-1 font-semibold">{s('skipped')}</h3>
              <ul className="list-disc pl-6 text-sm">
                {proposal.skipped.map((k) => (
                  <li key={k.line}>{s(`skippedReasons.${k.reason}`, { line: k.line })}</li>
                ))}
              </ul>
            </div>
          )}
          <div className="mt-6">
            <h3 className="mb-1 font-semibold">{s('unmatched')}</h3>
            {proposal.unmatched.length === 0 ? (
              <p className="text-sm">{s('unmatchedNone')}</p>
            ) : (
              <table className="stack-table table table-sm w-full">
                <thead>
                  <tr>
                    <th scope="col">{s('member')}</th>
                    <th scope="col">{s('order')}</th>
                    <th scope="col">{s('amount')}</th>
                    <th scope="col">{s('reportedDate')}</th>
                    <th scope="col">{s('last5')}</th>
                  </tr>
                </thead>
                <tbody>
                  {proposal.unmatched.map((r) => (
                    <tr key={r.remittanceId}>
                      <td data-label={s('member')}>{r.payerName}</td>
                      <td data-label={s('order')} className="font-mono">
                        {r.orderNumber}
                      </td>
                      <td data-label={s('amount')} className="tabular-nums">
                        {formatAmount(r.amount)}
                      </td>
                      <td data-label={s('reportedDate')}>{r.transferDate}</td>
                      <td data-label={s('last5')} className="font-mono">
                        {r.accountLast5}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        </section>
      )}

      <ConfirmDialog
        ref={dialog}
        title={s('confirmTitle')}
        text={s('confirmBody')}
        cancel={s('cancel')}
        confirm={busy === 'confirm' ? s('confirming') : s('confirm', { count: asked })}
        onConfirm={() => void confirm()}
        busy={busy === 'confirm'}
      />
    </div>
  );
}
