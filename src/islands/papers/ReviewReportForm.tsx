import { useCallback, useRef, useState } from 'react';
import { z } from 'zod';
import { apiPut } from '@/client/api';
import { getT } from '@/i18n';
import { formatDateTime } from '@/lib/format';
import type { Locale } from '@/lib/locales';
import { RECOMMENDATIONS, type Recommendation } from '@/lib/papers/model';
import { TextAreaField, SelectField } from '../shared/Field';
import { ChoiceList } from '../shared/ChoiceList';
import FormAlert from '../shared/FormAlert';
import IslandForm from '../shared/IslandForm';
import { useForm } from '../shared/use-form';
import { ConfirmDialog, reloadWith } from '../shared/ConfirmDialog';

// Scores are fields `scores.{code}` (as the server names them when it refuses), the rest as sent.
const schema = z.record(z.string(), z.string().max(10_000));
type Values = Record<string, string>;

interface Criterion {
  code: string;
  label: string;
  max: number;
}

/**
 * A reviewer's report on the paper given to them: a score per criterion of the call's rubric, a
 * recommendation, comments to the authors (read by them: needed to send) and to the editor. Saved
 * as a draft as often as they like; sent once, after being asked, and then final.
 */
export default function ReviewReportForm({
  locale,
  paperId,
  rubric,
  draft,
}: {
  locale: Locale;
  paperId: number;
  rubric: Criterion[];
  draft: {
    scores: Record<string, number>;
    recommendation: Recommendation | null;
    toAuthors: string;
    toEditor: string;
  } | null;
}) {
  const t = getT(locale);
  const dialog = useRef<HTMLDialogElement>(null);
  // What the checks ask for: sending needs everything, a draft only sizes.
  // A ref: a press sets it just before the checks run.
  const intent = useRef<'draft' | 'send'>('draft');
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [saving, setSaving] = useState<'draft' | 'send' | null>(null);
  const inFlight = useRef(false);
  const field = (code: string) => `scores.${code}`;
  const sendProblems = useCallback(
    (v: Values): Record<string, string> => {
      const problems: Record<string, string> = {};
      for (const c of rubric)
        if ((v[field(c.code)] ?? '') === '') problems[field(c.code)] = t('papers:review.report.scoreNeeded');
      if ((v.recommendation ?? '') === '') problems.recommendation = t('papers:review.report.recommendationNeeded');
      if ((v.toAuthors ?? '').trim() === '') problems.toAuthors = t('papers:review.report.toAuthorsNeeded');
      return problems;
    },
    [rubric, t],
  );
  const extraCheck = useCallback((v: Values) => (intent.current === 'send' ? sendProblems(v) : {}), [sendProblems]);
  const form = useForm<Values>({
    schema,
    initial: {
      ...Object.fromEntries(
        rubric.map((c) => [field(c.code), draft?.scores[c.code] === undefined ? '' : String(draft.scores[c.code])]),
      ),
      recommendation: draft?.recommendation ?? '',
      toAuthors: draft?.toAuthors ?? '',
      toEditor: draft?.toEditor ?? '',
    },
    labels: {
      ...Object.fromEntries(rubric.map((c) => [field(c.code), c.label])),
      recommendation: t('papers:review.report.recommendation'),
      toAuthors: t('papers:review.report.toAuthors'),
      toEditor: t('papers:review.report.toEditor'),
    },
    t,
    extraCheck,
  });

  const save = async (submit: boolean) => {
    // One request per press: a press while one is on its way does nothing.
    if (inFlight.current) return;
    inFlight.current = true;
    setSaving(submit ? 'send' : 'draft');
    const done = await form.submit(async (v) => {
      const scores: Record<string, number> = {};
      for (const c of rubric) if (v[field(c.code)] !== '') scores[c.code] = Number(v[field(c.code)]);
      const answer = await apiPut<{ savedAt: string }>(
        '/api/amsw0801/review',
        {
          paperId,
          scores,
          recommendation: v.recommendation === '' ? null : v.recommendation,
          toAuthors: v.toAuthors ?? '',
          toEditor: v.toEditor ?? '',
          submit,
        },
        { suppressErrorToast: true },
      );
      if (!submit) setSavedAt(answer.savedAt);
    });
    inFlight.current = false;
    setSaving(null);
    if (done && submit) reloadWith('sent');
  };

  const onDraft = () => {
    if (form.submitting) return;
    intent.current = 'draft';
    setSavedAt(null);
    void save(false);
  };
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (form.submitting) return;
    intent.current = 'send';
    setSavedAt(null);
    // Checked before asking: the dialog only confirms a report that can be sent.
    if (Object.keys(sendProblems(form.values)).length > 0) {
      void form.submit(async () => {});
      return;
    }
    dialog.current?.showModal();
  };

  const total = rubric.reduce((sum, c) => sum + (Number(form.values[field(c.code)]) || 0), 0);
  const max = rubric.reduce((sum, c) => sum + c.max, 0);

  return (
    <IslandForm onSubmit={onSubmit} busy={form.submitting}>
      <FormAlert message={form.formError} />
      <fieldset className="space-y-3 rounded-box border border-base-300 p-3">
        <legend className="px-1 text-sm font-medium">{t('papers:review.report.rubric')}</legend>
        <div className="grid gap-3 md:grid-cols-2">
          {rubric.map((c) => (
            <SelectField
              key={c.code}
              {...form.field(field(c.code))}
              label={t('papers:review.report.score', { label: c.label, max: c.max })}
              options={[
                { value: '', label: t('papers:review.report.choose') },
                ...Array.from({ length: c.max + 1 }, (_, n) => ({ value: String(n), label: String(n) })),
              ]}
            />
          ))}
        </div>
        <p className="text-sm" aria-live="polite">
          <span className="font-semibold">{t('papers:review.report.total')}:</span> {total} / {max}
        </p>
      </fieldset>
      <ChoiceList
        name="recommendation"
        legend={t('papers:review.report.recommendation')}
        cards
        className="grid gap-2 sm:grid-cols-2"
        choices={RECOMMENDATIONS}
        label={(r) => t(`papers:recommendations.${r}`)}
        value={form.values.recommendation ?? ''}
        onChange={(r) => form.set('recommendation', r)}
        error={form.errorOf('recommendation')}
      />
      <TextAreaField
        {...form.field('toAuthors')}
        label={t('papers:review.report.toAuthors')}
        hint={t('papers:review.report.toAuthorsHint')}
        rows={8}
        maxLength={10_000}
      />
      <TextAreaField
        {...form.field('toEditor')}
        label={t('papers:review.report.toEditor')}
        optionalText={t('papers:review.report.optional')}
        hint={t('papers:review.report.toEditorHint')}
        rows={4}
        maxLength={10_000}
      />
      {savedAt && (
        <p role="status" className="alert alert-success text-sm">
          {t('papers:review.report.saved', { time: formatDateTime(savedAt, locale) })}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn btn-outline" disabled={form.submitting} onClick={onDraft}>
          {saving === 'draft' && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {saving === 'draft' ? t('papers:review.report.saving') : t('papers:review.report.save')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={form.submitting}>
          {saving === 'send' && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {saving === 'send' ? t('papers:review.report.sending') : t('papers:review.report.send')}
        </button>
      </div>
      <ConfirmDialog
        ref={dialog}
        text={t('papers:review.report.confirmSend')}
        cancel={t('papers:review.report.cancel')}
        confirm={t('papers:review.report.send')}
        onConfirm={() => {
          dialog.current?.close();
          void save(true);
        }}
      />
    </IslandForm>
  );
}
