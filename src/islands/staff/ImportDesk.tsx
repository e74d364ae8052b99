import { useEffect, useId, useRef, useState } from 'react';
import { ApiError, apiGet, apiPost } from '@/client/api';
import { uploadForm } from '@/client/upload';
import { getT } from '@/i18n';
import { formatAmount, formatDateTime } from '@/lib/format';
import { pickText } from '@/lib/i18n-text';
import type { Locale } from '@/lib/locales';
import type { ImportRunView } from '@/lib/schemas/staff';

interface Props {
  locale: Locale;
  kinds: { code: string; name: string }[];
  runs: ImportRunView[];
}

const POLL_MS = 1000;
/** On the embedded database a pass holds the one connection: an answer may wait for it. */
const POLL_TIMEOUT_MS = 120_000;
const RUNNING = new Set(['checking', 'applying']);

/**
 * Upload a members or credits file with a progress bar, watch its dry run read the lines, read the
 * report (counts, refused lines with their problems, the refused lines as a file), then apply or
 * discard it and watch the import itself. The latest imports are listed below.
 */
export default function ImportDesk({ locale, kinds, runs }: Props) {
  const t = getT(locale);
  const id = useId();
  const i = (key: string, values: Record<string, string | number> = {}) => t(`staff:imports.${key}`, values);
  const [kind, setKind] = useState<'members' | 'credits'>('members');
  const [code, setCode] = useState(kinds[0]?.code ?? '');
  const [encoding, setEncoding] = useState<'utf-8' | 'big5'>('utf-8');
  const file = useRef<HTMLInputElement>(null);
  const [uploaded, setUploaded] = useState<number | null>(null);
  const [run, setRun] = useState<ImportRunView | null>(
    runs.find((r) => RUNNING.has(r.state) || r.state === 'checked') ?? null,
  );
  const [history, setHistory] = useState(runs);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Follows a running pass until it ends.
  useEffect(() => {
    if (!run || !RUNNING.has(run.state)) return;
    let stopped = false;
    const timer = setTimeout(async () => {
      try {
        const next = await apiGet<ImportRunView>(`/api/amsw1101/imports?runId=${run.id}`, {
          suppressErrorToast: true,
          timeoutMs: POLL_TIMEOUT_MS,
        });
        if (stopped) return;
        setRun(next);
        if (!RUNNING.has(next.state)) setHistory((h) => [next, ...h.filter((r) => r.id !== next.id)]);
      } catch {
        if (!stopped) setRun({ ...run }); // try again
      }
    }, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [run]);

  const start = async () => {
    const chosen = file.current?.files?.[0];
    if (busy) return;
    if (!chosen) {
      setError(i('chooseFile'));
      file.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    setUploaded(0);
    const form = new FormData();
    form.set('kind', kind);
    if (kind === 'credits') form.set('certificationCode', code);
    form.set('encoding', encoding);
    form.set('file', chosen);
    try {
      const { runId } = await uploadForm<{ runId: number }>(
        '/api/amsw1101/imports',
        form,
        locale,
        i('uploadFailed'),
        setUploaded,
      );
      setRun(await apiGet<ImportRunView>(`/api/amsw1101/imports?runId=${runId}`, { timeoutMs: POLL_TIMEOUT_MS }));
      if (file.current) file.current.value = '';
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setUploaded(null);
      setBusy(false);
    }
  };

  const decide = async (apply: boolean) => {
    if (busy || !run) return;
    setBusy(true);
    setError(null);
    try {
      await apiPost('/api/amsw1101/imports/apply', { runId: run.id, apply }, { suppressErrorToast: true });
      const next = await apiGet<ImportRunView>(`/api/amsw1101/imports?runId=${run.id}`, {
        timeoutMs: POLL_TIMEOUT_MS,
      });
      setRun(apply || next.state === 'applied' ? next : null);
      setHistory((h) => [next, ...h.filter((r) => r.id !== next.id)]);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  const report = run?.report as {
    new?: number;
    changed?: number;
    unchanged?: number;
    refused?: number;
    lines?: number;
    ignoredColumns?: string[];
    reminders?: { now: number; afterInvitation: number; from: string | null; notInvited: number };
  } | null;
  const running = run !== null && RUNNING.has(run.state);
  const counts = (r: ImportRunView) => {
    const rep = r.report as { new?: number; changed?: number; unchanged?: number; refused?: number } | null;
    return rep ? i('countsShort', { new: rep.new ?? 0, changed: rep.changed ?? 0, refused: rep.refused ?? 0 }) : '';
  };

  return (
    <div className="flex flex-col gap-6">
      {!run || run.state === 'applied' || run.state === 'failed' || run.state === 'discarded' ? (
        <form
          className="grid gap-4 rounded-box bg-base-200 p-4 md:grid-cols-2"
          onSubmit={(e) => {
            e.preventDefault();
            void start();
          }}
        >
          <p className="md:col-span-2">{i('intro')}</p>
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-1 text-sm font-medium">{i('kind')}</legend>
            {(['members', 'credits'] as const).map((k) => (
              <label key={k} className="flex items-center gap-2">
                <input
                  type="radio"
                  className="radio radio-sm"
                  name={`${id}-kind`}
                  checked={kind === k}
                  onChange={() => setKind(k)}
                />
                {i(`kinds.${k}`)}
              </label>
            ))}
          </fieldset>
          {kind === 'credits' && (
            <div className="flex flex-col">
              <label htmlFor={`${id}-code`} className="mb-1 text-sm font-medium">
                {i('certification')}
              </label>
              <select
                id={`${id}-code`}
                className="select select-bordered"
                value={code}
                onChange={(e) => setCode(e.target.value)}
              >
                {kinds.map((k) => (
                  <option key={k.code} value={k.code}>
                    {k.name} ({k.code})
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="flex flex-col">
            <label htmlFor={`${id}-file`} className="mb-1 text-sm font-medium">
              {i('file')}
            </label>
            <input
              ref={file}
              id={`${id}-file`}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              className="file-input file-input-bordered w-full"
              aria-describedby={`${id}-file-hint`}
              disabled={busy}
              onChange={() => setError(null)}
            />
            <p id={`${id}-file-hint`} className="mt-1 text-xs text-base-content/70">
              {i('fileHint')}
            </p>
          </div>
          <div className="flex flex-col">
            <label htmlFor={`${id}-encoding`} className="mb-1 text-sm font-medium">
              {i('encoding')}
            </label>
            <select
              id={`${id}-encoding`}
              className="select select-bordered"
              value={encoding}
              onChange={(e) => setEncoding(e.target.value as 'utf-8' | 'big5')}
            >
              <option value="utf-8">UTF-8</option>
              <option value="big5">Big5</option>
            </select>
          </div>
          <div className="md:col-span-2">
            <button type="submit" className="btn btn-primary" aria-busy={busy} disabled={busy}>
              {busy ? i('uploading') : i('check')}
            </button>
            {uploaded !== null && (
              <div className="mt-2">
                <label htmlFor={`${id}-upload`} className="text-sm">
                  {i('uploaded', { percent: Math.round(uploaded * 100) })}
                </label>
                <progress
                  id={`${id}-upload`}
                  className="progress progress-primary w-full"
                  value={Math.round(uploaded * 100)}
                  max={100}
                />
              </div>
            )}
          </div>
        </form>
      ) : null}

      {error && (
        <p role="alert" className="alert alert-error">
          {error}
        </p>
      )}

      {run && (
        <section aria-labelledby={`${id}-run`} className="rounded-box border border-base-300 p-4" aria-live="polite">
          <h2 id={`${id}-run`} className="mb-2 text-lg font-semibold">
            {i(`states.${run.state}`)} · {run.fileName}
          </h2>
          {running && (
            <div>
              <label htmlFor={`${id}-read`} className="text-sm">
                {run.totalLines > 0
                  ? i('read', { read: formatAmount(run.linesRead), total: formatAmount(run.totalLines) })
                  : i('counting')}
              </label>
              <progress
                id={`${id}-read`}
                className="progress progress-primary w-full"
                value={run.totalLines > 0 ? run.linesRead : undefined}
                max={Math.max(run.totalLines, 1)}
              />
            </div>
          )}
          {run.error && (
            <p role="alert" className="alert alert-error">
              {pickText(run.error, locale)}
            </p>
          )}
          {report && !running && (
            <div className="flex flex-col gap-3">
              <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-5">
                {(['lines', 'new', 'changed', 'unchanged', 'refused'] as const).map((k) => (
                  <div key={k}>
                    <dt className="text-sm text-base-content/70">{i(`counts.${k}`)}</dt>
                    <dd className="text-xl font-semibold">{formatAmount(report[k] ?? 0)}</dd>
                  </div>
                ))}
              </dl>
              {(report.ignoredColumns?.length ?? 0) > 0 && (
                <p className="text-sm">
                  {i('ignored', { columns: report.ignoredColumns!.join(locale === 'en-us' ? ', ' : '、') })}
                </p>
              )}
              {report.reminders && (
                <ul className="text-sm">
                  {report.reminders.now > 0 && <li>{i('reminders.now', { count: report.reminders.now })}</li>}
                  {report.reminders.afterInvitation > 0 && (
                    <li>
                      {i('reminders.afterInvitation', {
                        count: report.reminders.afterInvitation,
                        from: report.reminders.from ?? '',
                      })}
                    </li>
                  )}
                  {report.reminders.notInvited > 0 && (
                    <li>{i('reminders.notInvited', { count: report.reminders.notInvited })}</li>
                  )}
                </ul>
              )}
              <p>
                {run.state === 'applied'
                  ? i('applied')
                  : (report.new ?? 0) + (report.changed ?? 0) > 0
                    ? i('dryRun')
                    : (report.refused ?? 0) > 0
                      ? i('nothingAccepted', { count: report.refused! })
                      : i('nothingToDo')}
              </p>
              {run.refusals.length > 0 && (
                <div className="overflow-x-auto">
                  <table className="table table-sm">
                    <caption className="text-left font-medium">{i('refusedTitle')}</caption>
                    <thead>
                      <tr>
                        <th scope="col">{i('line')}</th>
                        <th scope="col">{i('column')}</th>
                        <th scope="col">{i('problem')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {run.refusals.flatMap((r) =>
                        r.problems.map((p, n) => (
                          <tr key={`${r.line}-${n}`}>
                            <td>{r.line}</td>
                            <td>{p.column ? pickText(p.column, locale) : ''}</td>
                            <td>{pickText(p.text, locale)}</td>
                          </tr>
                        )),
                      )}
                    </tbody>
                  </table>
                </div>
              )}
              {run.hasRejects && (
                <div className="flex flex-wrap items-center gap-3">
                  <a className="link" href={`/api/amsw1101/imports/rejects?runId=${run.id}`} download>
                    {i('rejects')}
                  </a>
                  {run.state === 'applied' && (
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      disabled={busy}
                      onClick={() => void decide(false)}
                    >
                      {i('forgetRejects')}
                    </button>
                  )}
                </div>
              )}
              {run.state === 'checked' && (
                <div className="flex flex-wrap gap-2">
                  {(report.new ?? 0) + (report.changed ?? 0) > 0 && (
                    <button
                      type="button"
                      className="btn btn-primary"
                      aria-busy={busy}
                      disabled={busy}
                      onClick={() => void decide(true)}
                    >
                      {i('apply')}
                    </button>
                  )}
                  <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => void decide(false)}>
                    {i('discard')}
                  </button>
                </div>
              )}
            </div>
          )}
        </section>
      )}

      <section aria-labelledby={`${id}-history`}>
        <h2 id={`${id}-history`} className="mb-2 text-lg font-semibold">
          {i('history')}
        </h2>
        {history.length === 0 ? (
          <p>{i('noHistory')}</p>
        ) : (
          <ul className="divide-y divide-base-300">
            {history.map((r) => (
              <li key={r.id} className="flex flex-wrap gap-x-3 py-2 text-sm">
                <span>{formatDateTime(r.createdAt, locale)}</span>
                <span>{i(`kinds.${r.kind}`)}</span>
                <span className="break-all">{r.fileName}</span>
                <span className="font-medium">{i(`states.${r.state}`)}</span>
                <span>{counts(r)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
