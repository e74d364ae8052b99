import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { ApiError, apiPost } from '@/client/api';
import type { Locale } from '@/lib/locales';
import FreshCodeForm from './FreshCodeForm';

export interface SocietyChangeView {
  path: string;
  kind: 'set' | 'add' | 'remove' | 'close' | 'unpublish' | 'order';
  before?: unknown;
  after?: unknown;
}
export interface SocietyProblemView {
  path: string;
  zh: string;
  en: string;
}
export type SocietyCheckView =
  { ok: false; problems: SocietyProblemView[] } | { ok: true; changes: SocietyChangeView[]; setUp: boolean };

const PICTURES = new Set(['logo', 'favicon']);

/** A value of the plan as one short line. */
function short(value: unknown): string {
  if (value === undefined) return '';
  const json = JSON.stringify(value) ?? 'null';
  return json.length > 90 ? `${json.slice(0, 87)}…` : json;
}

export const problemText = (locale: Locale, p: SocietyProblemView) => (locale === 'en-us' ? p.en : p.zh);

/** Takes the reader to a control a problem names: the items it sits in open, the control focused. */
function goTo(event: React.MouseEvent, id: string) {
  const control = document.getElementById(id);
  if (!control) return;
  event.preventDefault();
  for (let at = control.closest('details'); at; at = at.parentElement?.closest('details') ?? null) at.open = true;
  control.scrollIntoView({ block: 'center' });
  control.focus();
}

/**
 * What a society check found, as the file editor and the section forms show it: the changes the
 * plan would make, or the problems (a summary that takes focus, each problem a link to its field
 * when `fieldOf` names one), and what an apply did.
 */
export function SocietyOutcome({
  t,
  locale,
  check,
  applied,
  stale,
  fieldOf,
}: {
  t: TFunction;
  locale: Locale;
  check: SocietyCheckView | null;
  applied: number | null;
  stale: boolean;
  /** The control a problem's path belongs to, if the page shows one: its id and what it is called there. */
  fieldOf?: (path: string) => { id: string; label: string } | null;
}) {
  const s = (key: string, values: Record<string, string | number> = {}) => t(`staff:settings.${key}`, values);
  const summary = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (check && !check.ok) summary.current?.focus();
  }, [check]);
  return (
    <div role="status" aria-live="polite" className="space-y-2">
      {applied !== null && <p className="alert alert-success">{s('applied', { count: applied })}</p>}
      {check && !check.ok && (
        <div ref={summary} tabIndex={-1} className="alert alert-error block">
          <p className="font-medium">{s('problems', { count: check.problems.length })}</p>
          <ul className="mt-2 list-inside list-disc text-sm">
            {check.problems.map((p) => {
              const field = fieldOf?.(p.path) ?? null;
              return (
                <li key={`${p.path}:${p.en}`}>
                  {field ? (
                    <a className="link" href={`#${field.id}`} onClick={(event) => goTo(event, field.id)}>
                      {field.label || <code>{p.path}</code>}
                    </a>
                  ) : (
                    <code>{p.path || s('whole')}</code>
                  )}
                  : {problemText(locale, p)}
                </li>
              );
            })}
          </ul>
        </div>
      )}
      {check?.ok && applied === null && (
        <div>
          {check.changes.length === 0 && check.setUp ? (
            <p>{s('nothing')}</p>
          ) : (
            <>
              <p className="font-medium">{s('changes', { count: check.changes.length })}</p>
              <ul className="mt-2 space-y-1 text-sm">
                {check.changes.map((c) => (
                  <li key={`${c.kind}:${c.path}`} className="break-words">
                    <span className="badge badge-ghost badge-sm mr-1">{s(`kinds.${c.kind}`)}</span>
                    <code>{c.path}</code>
                    {(c.kind === 'set' || c.kind === 'order') &&
                      (PICTURES.has(c.path) ? ` ${s('picture')}` : `: ${short(c.before)} → ${short(c.after)}`)}
                  </li>
                ))}
              </ul>
              {!check.setUp && <p className="mt-1 text-sm">{s('setUp')}</p>}
            </>
          )}
          {stale && <p className="mt-2 text-sm text-warning-content">{s('edited')}</p>}
        </div>
      )}
    </div>
  );
}

/** Whether a check may be applied: no problem, not edited since, and something to do. */
export function canApply(check: SocietyCheckView | null, stale: boolean): boolean {
  return check?.ok === true && !stale && (check.changes.length > 0 || !check.setUp);
}

/** The fresh second-factor code and the Apply button; `apply` sends what was checked with the code. */
export function SocietyApplyForm({ t, apply }: { t: TFunction; apply: (code: string) => Promise<void> }) {
  return <FreshCodeForm t={t} submit={t('staff:settings.apply')} working={t('staff:settings.applying')} send={apply} />;
}

/**
 * A society edit's check and apply, as the file editor and the section forms share them: `run`
 * checks a body (one at a time: a second press while it runs is ignored), `apply` sends the body
 * that was checked with a code, and `isStale` tells an edit made since the check.
 */
export function useSocietyCheck(urls: { check: string; apply: string }) {
  const [check, setCheck] = useState<SocietyCheckView | null>(null);
  const [checked, setChecked] = useState<Record<string, unknown> | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [applied, setApplied] = useState<number | null>(null);
  const run = async (body: Record<string, unknown>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    setApplied(null);
    try {
      setCheck(await apiPost<SocietyCheckView>(urls.check, body, { suppressErrorToast: true }));
      setChecked(body);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };
  /** Applies what was checked; answers it, for the form to take as the stored value. */
  const apply = async (code: string) => {
    if (checked === null) return null;
    const result = await apiPost<{ changes: SocietyChangeView[] }>(
      urls.apply,
      { ...checked, code },
      { suppressErrorToast: true },
    );
    setApplied(result.changes.length);
    setCheck({ ok: true, changes: [], setUp: true });
    return checked;
  };
  const isStale = (body: Record<string, unknown>) =>
    checked !== null && JSON.stringify(checked) !== JSON.stringify(body);
  return { check, busy, error, applied, run, apply, isStale };
}
