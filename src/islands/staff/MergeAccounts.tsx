import { useId, useState } from 'react';
import { ApiError, apiGet, apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { localName } from '@/lib/i18n-text';
import ReasonDialog from './ReasonDialog';

interface Props {
  locale: Locale;
  accountId: number;
  name: string;
}

interface Hit {
  userType: string;
  id: number;
  nameZh: string;
  nameEn: string;
  email: string;
  number: string | null;
  closed: boolean;
}

interface Side {
  id: number;
  email: string;
  nameZh: string;
  nameEn: string;
  memberNo: string | null;
}

/** What stops a merge (services/staff/merge-accounts.ts), and its words (written whole, so the browser loads them). */
const CONFLICT_TEXT = {
  mergeMemberships: 'errors:mergeMemberships',
  mergeApplications: 'errors:mergeApplications',
  mergeCredits: 'errors:mergeCredits',
  mergeRoles: 'errors:mergeRoles',
} as const;

interface Plan {
  keep: Side;
  drop: Side;
  moves: Record<string, number>;
  conflicts: (keyof typeof CONFLICT_TEXT)[];
}

/**
 * Merges a duplicate account of the same person into this one: find it, read what would move and
 * what stands in the way, then confirm with a reason. The page comes back with the records here.
 */
export default function MergeAccounts({ locale, accountId, name }: Props) {
  const t = getT(locale);
  const id = useId();
  const [q, setQ] = useState('');
  const [hits, setHits] = useState<Hit[] | null>(null);
  const [plan, setPlan] = useState<Plan | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const m = (key: string, values: Record<string, string | number> = {}) => t(`staff:people.merge.${key}`, values);
  const who = (s: { nameZh: string; nameEn: string }) => localName({ zh: s.nameZh, en: s.nameEn }, locale);
  const fail = (caught: unknown) => setError(caught instanceof ApiError ? caught.message : String(caught));

  const search = async () => {
    if (busy || q.trim() === '') return;
    setBusy(true);
    setError(null);
    setPlan(null);
    try {
      const found = await apiGet<{ rows: Hit[] }>(`/api/amsw1101/people?q=${encodeURIComponent(q.trim())}`, {
        suppressErrorToast: true,
      });
      setHits(found.rows.filter((h) => h.userType === 'individual' && h.id !== accountId && !h.closed));
    } catch (caught) {
      fail(caught);
    } finally {
      setBusy(false);
    }
  };

  const choose = async (dropId: number) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      setPlan(
        await apiGet<Plan>(`/api/amsw1101/people/merge?keepId=${accountId}&dropId=${dropId}`, {
          suppressErrorToast: true,
        }),
      );
    } catch (caught) {
      fail(caught);
    } finally {
      setBusy(false);
    }
  };

  const moved = plan ? Object.entries(plan.moves).filter(([, n]) => n > 0) : [];

  return (
    <details className="rounded-box border border-base-300 p-4">
      <summary className="cursor-pointer font-medium">{m('title')}</summary>
      <p className="mt-2 text-sm">{m('intro', { name })}</p>
      <form
        className="mt-3 flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void search();
        }}
      >
        <div className="flex flex-col">
          <label htmlFor={`${id}-q`} className="mb-1 text-sm font-medium">
            {m('find')}
          </label>
          <input
            id={`${id}-q`}
            className="input input-bordered w-72 max-w-full"
            value={q}
            maxLength={100}
            onChange={(e) => setQ(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-outline" aria-busy={busy}>
          {m('search')}
        </button>
      </form>
      {hits && !plan && (
        <div className="mt-3" aria-live="polite">
          {hits.length === 0 ? (
            <p className="text-sm">{m('none')}</p>
          ) : (
            <ul className="divide-y divide-base-300">
              {hits.map((h) => (
                <li key={h.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span>
                    {who(h)} · {h.email}
                    {h.number ? ` · ${h.number}` : ''}
                  </span>
                  <button type="button" className="btn btn-sm" onClick={() => void choose(h.id)}>
                    {m('choose')}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {plan && (
        <section className="mt-4" aria-labelledby={`${id}-plan`}>
          <h3 id={`${id}-plan`} className="font-medium">
            {m('planTitle', { from: who(plan.drop), into: who(plan.keep) })}
          </h3>
          <p className="mt-1 text-sm">{m('planBody', { email: plan.drop.email, into: plan.keep.email })}</p>
          {moved.length > 0 ? (
            <ul className="mt-2 list-disc pl-6 text-sm">
              {moved.map(([record, n]) => (
                <li key={record}>{m(`records.${record}`, { count: n })}</li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm">{m('nothing')}</p>
          )}
          {plan.conflicts.length > 0 ? (
            <div role="alert" className="alert alert-warning mt-3 flex-col items-start">
              <p className="font-medium">{m('blocked')}</p>
              <ul className="list-disc pl-6">
                {plan.conflicts.map((c) => (
                  <li key={c}>{t(CONFLICT_TEXT[c])}</li>
                ))}
              </ul>
            </div>
          ) : (
            <div className="mt-3 flex flex-wrap gap-2">
              <ReasonDialog
                id={`${id}-merge`}
                className="contents"
                opener={{ text: m('merge'), className: 'btn btn-error btn-sm' }}
                title={m('confirmTitle', { from: who(plan.drop), into: who(plan.keep) })}
                text={m('confirmBody')}
                cancel={t('staff:people.correct.cancel')}
                confirm={m('merge')}
                working={m('working')}
                danger
                reason={{ label: m('reason'), missing: t('account:validation.reason') }}
                send={(reason) =>
                  apiPost(
                    '/api/amsw1101/people/merge',
                    { keepId: accountId, dropId: plan.drop.id, reason },
                    { suppressErrorToast: true },
                  )
                }
              />
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => setPlan(null)}>
                {m('back')}
              </button>
            </div>
          )}
        </section>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-error">
          {error}
        </p>
      )}
    </details>
  );
}
