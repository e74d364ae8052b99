import { useCallback } from 'react';
import { z } from 'zod';
import { apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { type PaperDecision, REVISABLE_PARTS } from '@/lib/papers/model';
import { DecisionEnd, useDecisionConfirm } from '../shared/DecisionForm';
import Field from '../shared/Field';
import { ChoiceList } from '../shared/ChoiceList';
import FormAlert from '../shared/FormAlert';
import IslandForm from '../shared/IslandForm';
import { useForm } from '../shared/use-form';

/** The texts and the notes' sizes of the form's end (DecisionEnd). */
const END = {
  stem: 'papers:review.decide',
  decisions: 'papers:decisions',
  optionalFor: 'accept',
  limits: { rows: 5, comment: 10_000, staffNote: 5_000 },
};

const schema = z.object({
  decision: z.string(),
  comment: z.string().max(10_000),
  staffNote: z.string().max(5_000),
  reopened: z.array(z.number()),
  revisionDays: z.string(),
});
type Values = { decision: string; comment: string; staffNote: string; reopened: number[]; revisionDays: string };

const CHOICES: PaperDecision[] = ['accept', 'revise', 'reject'];

/**
 * The editor's decision on the open round: accept, reject or ask for a revision (naming the parts
 * reopened and the days to revise), a comment to the authors (needed unless accepting) and a note
 * for the staff; asked once more before it is sent, since the authors are told at once.
 */
export default function PaperDecisionForm({
  locale,
  paperId,
  revisionDays,
}: {
  locale: Locale;
  paperId: number;
  /** The call's default days to revise. */
  revisionDays: number;
}) {
  const t = getT(locale);
  const extraCheck = useCallback(
    (v: Values): Partial<Record<keyof Values, string>> => {
      const problems: Partial<Record<keyof Values, string>> = {};
      // In the form's order: the first one marked takes the focus.
      if (v.decision === '') problems.decision = t('papers:review.decide.chooseOne');
      if (v.decision === 'revise') {
        if (v.reopened.length === 0) problems.reopened = t('errors:revisionPartsNeeded');
        const days = v.revisionDays.trim();
        if (days !== '' && (!/^\d{1,3}$/.test(days) || Number(days) < 1 || Number(days) > 180))
          problems.revisionDays = t('papers:review.decide.daysInvalid');
      }
      if (v.decision !== 'accept' && v.decision !== '' && v.comment.trim() === '')
        problems.comment = t('papers:review.decide.commentNeeded');
      return problems;
    },
    [t],
  );
  const form = useForm<Values>({
    schema,
    initial: { decision: '', comment: '', staffNote: '', reopened: [], revisionDays: String(revisionDays) },
    labels: {
      decision: t('papers:review.decide.legend'),
      comment: t('papers:review.decide.comment'),
      staffNote: t('papers:review.decide.staffNote'),
      reopened: t('papers:review.decide.reopened'),
      revisionDays: t('papers:review.decide.days'),
    },
    t,
    extraCheck,
  });
  const decision = form.values.decision as PaperDecision | '';

  const asked = useDecisionConfirm(form, extraCheck, async (v) => {
    const revise = v.decision === 'revise';
    await apiPost(
      '/api/amsw0801/decide',
      {
        paperId,
        decision: v.decision,
        comment: v.comment,
        staffNote: v.staffNote,
        reopened: revise ? v.reopened.map((i) => REVISABLE_PARTS[i]) : [],
        ...(revise && v.revisionDays.trim() !== '' ? { revisionDays: Number(v.revisionDays) } : {}),
      },
      { suppressErrorToast: true },
    );
  });

  const toggle = (i: number) => {
    const now = form.values.reopened;
    form.set('reopened', now.includes(i) ? now.filter((x) => x !== i) : [...now, i].sort());
  };

  return (
    <IslandForm onSubmit={asked.onSubmit} busy={form.submitting}>
      <FormAlert message={form.formError} />
      <ChoiceList
        name="decision"
        cards
        legend={t('papers:review.decide.legend')}
        choices={CHOICES}
        label={(d) => t(`papers:decisions.${d}`)}
        help={(d) => t(`papers:review.decide.help.${d}`)}
        helpId="paper-decision-help"
        value={decision}
        onChange={(d) => form.set('decision', d)}
        error={form.errorOf('decision')}
      />
      {decision === 'revise' && (
        <fieldset
          className="space-y-3 rounded-box border border-base-300 p-3"
          aria-describedby={`paper-reopened-hint${form.errorOf('reopened') ? ' field-reopened-error' : ''}`}
        >
          <legend className="px-1 text-sm font-medium">{t('papers:review.decide.reopened')}</legend>
          <p id="paper-reopened-hint" className="text-sm text-base-content/80">
            {t('papers:review.decide.reopenedHint')}
          </p>
          <div className="grid gap-2 sm:grid-cols-3">
            {REVISABLE_PARTS.map((part, i) => (
              <label key={part} className="flex cursor-pointer items-center gap-2">
                <input
                  id={i === 0 ? 'field-reopened' : undefined}
                  type="checkbox"
                  className="checkbox checkbox-sm"
                  checked={form.values.reopened.includes(i)}
                  onChange={() => toggle(i)}
                />
                <span>{t(`papers:parts.${part}`)}</span>
              </label>
            ))}
          </div>
          {form.errorOf('reopened') && (
            <p id="field-reopened-error" className="text-sm text-error">
              {form.errorOf('reopened')}
            </p>
          )}
          <div className="max-w-xs">
            <Field
              {...form.field('revisionDays')}
              label={t('papers:review.decide.days')}
              hint={t('papers:review.decide.daysHint', { days: revisionDays })}
              inputMode="numeric"
            />
          </div>
        </fieldset>
      )}
      <DecisionEnd form={form} asked={asked} decision={decision} t={t} {...END} />
    </IslandForm>
  );
}
