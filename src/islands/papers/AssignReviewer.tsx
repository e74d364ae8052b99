import { useCallback } from 'react';
import { z } from 'zod';
import { apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import Field from '../shared/Field';
import FormAlert from '../shared/FormAlert';
import type { ReviewerSuggestion } from '@/lib/papers/model';
import IslandForm from '../shared/IslandForm';
import { useForm } from '../shared/use-form';
import { reloadWith } from '../shared/ConfirmDialog';

const schema = z.object({
  reviewerId: z.string(),
  dueOn: z.union([z.literal(''), z.iso.date()]),
});
type Values = { reviewerId: string; dueOn: string };

/**
 * The editor assigns a reviewer to the open round: the paper reviewers, those who fit its topic
 * and keywords first (the ones who may not review it shown disabled, with why), and a due date
 * (the call's default when left as it is). The reviewer is mailed a link; the page reloads.
 */
export default function AssignReviewer({
  locale,
  paperId,
  suggestions,
  defaultDue,
  defaultDueText,
  reviewDays,
}: {
  locale: Locale;
  paperId: number;
  suggestions: ReviewerSuggestion[];
  /** The call's default due date (YYYY-MM-DD, Taipei), as the server would choose it. */
  defaultDue: string;
  defaultDueText: string;
  reviewDays: number;
}) {
  const t = getT(locale);
  const extraCheck = useCallback(
    (v: Values): Partial<Record<keyof Values, string>> =>
      v.reviewerId === '' ? { reviewerId: t('papers:review.assign.chooseOne') } : {},
    [t],
  );
  const form = useForm<Values>({
    schema,
    initial: { reviewerId: '', dueOn: defaultDue },
    labels: { reviewerId: t('papers:review.assign.legend'), dueOn: t('papers:review.assign.due') },
    t,
    extraCheck,
  });
  const firstFree = suggestions.findIndex((s) => s.excluded === null);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const sent = await form.submit(async (v) => {
      await apiPost(
        '/api/amsw0801/assign',
        {
          paperId,
          reviewerId: Number(v.reviewerId),
          ...(v.dueOn && v.dueOn !== defaultDue ? { dueOn: v.dueOn } : {}),
        },
        { suppressErrorToast: true },
      );
    });
    if (sent) reloadWith('assigned');
  };

  if (suggestions.length === 0) return <p className="text-sm">{t('papers:review.assign.noPool')}</p>;
  const error = form.errorOf('reviewerId');
  return (
    <IslandForm onSubmit={(e) => void onSubmit(e)} busy={form.submitting}>
      <FormAlert message={form.formError} />
      <fieldset aria-describedby={error ? 'field-reviewerId-error' : undefined}>
        <legend className="mb-2 text-sm font-medium">{t('papers:review.assign.legend')}</legend>
        <div className="grid gap-2 md:grid-cols-2">
          {suggestions.map((s, i) => {
            const id = `reviewer-${s.accountId}`;
            return (
              <label
                key={s.accountId}
                className={`flex items-start gap-3 rounded-box border border-base-300 p-3 ${
                  s.excluded ? 'cursor-not-allowed opacity-60' : 'cursor-pointer'
                }`}
              >
                <input
                  id={i === firstFree ? 'field-reviewerId' : undefined}
                  type="radio"
                  name="reviewerId"
                  value={s.accountId}
                  className="radio mt-0.5"
                  disabled={s.excluded !== null}
                  checked={form.values.reviewerId === String(s.accountId)}
                  onChange={() => form.set('reviewerId', String(s.accountId))}
                  aria-describedby={`${id}-facts`}
                />
                <span className="min-w-0">
                  <span className="block font-medium">{s.name}</span>
                  <span id={`${id}-facts`} className="block text-sm text-base-content/80">
                    {s.workplace && <span className="block">{s.workplace}</span>}
                    <span className="mt-1 flex flex-wrap gap-1">
                      {s.topicMatch && (
                        <span className="badge badge-sm badge-success">{t('papers:review.assign.topicMatch')}</span>
                      )}
                      {s.keywordMatches.map((k) => (
                        <span key={k} className="badge badge-sm badge-info">
                          {t('papers:review.assign.keyword', { keyword: k })}
                        </span>
                      ))}
                      <span className="badge badge-sm badge-ghost">
                        {t('papers:review.assign.openReviews', { count: s.openReviews })}
                      </span>
                      {s.excluded && (
                        <span className="badge badge-sm badge-warning">
                          {t(`papers:review.assign.excluded.${s.excluded}`)}
                        </span>
                      )}
                    </span>
                  </span>
                </span>
              </label>
            );
          })}
        </div>
        {error && (
          <p id="field-reviewerId-error" className="mt-1 text-sm text-error">
            {error}
          </p>
        )}
      </fieldset>
      <div className="max-w-xs">
        <Field
          {...form.field('dueOn')}
          type="date"
          label={t('papers:review.assign.due')}
          hint={t('papers:review.assign.dueHint', { date: defaultDueText, days: reviewDays })}
        />
      </div>
      <button type="submit" className="btn btn-primary" disabled={form.submitting}>
        {form.submitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {form.submitting ? t('account:common.submitting') : t('papers:review.assign.submit')}
      </button>
    </IslandForm>
  );
}
