import { useId, useState } from 'react';
import { ApiError, apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { secondFactorCodeBody } from '@/lib/schemas/staff';
import FormAlert from '../shared/FormAlert';
import IslandForm from '../shared/IslandForm';
import { useForm } from '../shared/use-form';
import CodeField from './CodeField';

interface Change {
  path: string;
  kind: 'set' | 'add' | 'remove' | 'close' | 'unpublish' | 'order';
  before?: unknown;
  after?: unknown;
}
interface Problem {
  path: string;
  zh: string;
  en: string;
}
type Check = { ok: false; problems: Problem[] } | { ok: true; changes: Change[]; setUp: boolean };

const PICTURES = new Set(['logo', 'favicon']);

/** A value of the plan as one short line. */
function short(value: unknown): string {
  if (value === undefined) return '';
  const json = JSON.stringify(value) ?? 'null';
  return json.length > 90 ? `${json.slice(0, 87)}…` : json;
}

/**
 * The society file edited in the console: check (the command's checks and plan), then apply with a
 * fresh code from the app. Applying is offered only for the text that was checked.
 */
export default function SocietyEditor({ locale, initial }: { locale: Locale; initial: string }) {
  const t = getT(locale);
  const id = useId();
  const [text, setText] = useState(initial);
  const [checkedText, setCheckedText] = useState<string | null>(null);
  const [check, setCheck] = useState<Check | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [applied, setApplied] = useState<number | null>(null);
  const form = useForm({
    schema: secondFactorCodeBody,
    initial: { code: '' },
    labels: { code: t('staff:factor.code') },
    t,
  });
  const s = (key: string, values: Record<string, string | number> = {}) => t(`staff:settings.${key}`, values);

  const runCheck = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    setApplied(null);
    try {
      setCheck(await apiPost<Check>('/api/amsw1101/society/check', { text }, { suppressErrorToast: true }));
      setCheckedText(text);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  const apply = async (event: React.FormEvent) => {
    event.preventDefault();
    if (checkedText === null) return;
    await form.submit(async ({ code }) => {
      const result = await apiPost<{ changes: Change[] }>(
        '/api/amsw1101/society/apply',
        { text: checkedText, code },
        { suppressErrorToast: true },
      );
      setApplied(result.changes.length);
      setCheck({ ok: true, changes: [], setUp: true });
      form.set('code', '');
    });
  };

  const stale = checkedText !== null && checkedText !== text;
  const canApply = check?.ok === true && !stale && (check.changes.length > 0 || !check.setUp);
  const message = (p: Problem) => (locale === 'en-us' ? p.en : p.zh);

  return (
    <div className="space-y-4">
      <IslandForm onSubmit={runCheck} busy={busy}>
        <div className="flex flex-col">
          <label htmlFor={`${id}-text`} className="mb-1 text-sm font-medium">
            {s('text')}
          </label>
          <textarea
            id={`${id}-text`}
            className="textarea textarea-bordered h-[32rem] w-full font-mono text-xs leading-5"
            spellCheck={false}
            value={text}
            aria-describedby={`${id}-hint`}
            onChange={(e) => setText(e.target.value)}
          />
          <p id={`${id}-hint`} className="mt-1 text-xs text-base-content/70">
            {s('textHint')}
          </p>
        </div>
        <FormAlert message={error} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? s('checking') : s('check')}
          </button>
          <button
            type="button"
            className="btn btn-ghost"
            disabled={busy || text === initial}
            onClick={() => setText(initial)}
          >
            {s('reset')}
          </button>
        </div>
      </IslandForm>

      <div role="status" aria-live="polite" className="space-y-2">
        {applied !== null && <p className="alert alert-success">{s('applied', { count: applied })}</p>}
        {check && !check.ok && (
          <div className="alert alert-error block">
            <p className="font-medium">{s('problems', { count: check.problems.length })}</p>
            <ul className="mt-2 list-inside list-disc text-sm">
              {check.problems.map((p) => (
                <li key={`${p.path}:${p.en}`}>
                  <code>{p.path || s('whole')}</code>: {message(p)}
                </li>
              ))}
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

      {canApply && (
        <IslandForm onSubmit={apply} busy={form.submitting}>
          <FormAlert message={form.formError} />
          <CodeField
            t={t}
            value={String(form.values.code)}
            onChange={(v) => form.set('code', v)}
            onBlur={() => form.touch('code')}
            error={form.errorOf('code')}
          />
          <button type="submit" className="btn btn-primary" disabled={form.submitting}>
            {form.submitting ? s('applying') : s('apply')}
          </button>
        </IslandForm>
      )}
    </div>
  );
}
