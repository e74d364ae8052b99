import { useCallback, useRef } from 'react';
import { z } from 'zod';
import { apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import type { ReviewDecision } from '@/lib/roles';
import Field, { TextAreaField } from '../shared/Field';
import FormAlert from '../shared/FormAlert';
import IslandForm from '../shared/IslandForm';
import { useForm } from '../shared/use-form';

// The decision is checked by extraCheck, which names what is missing.
const schema = z.object({
  decision: z.string(),
  comment: z.string().max(2000),
  staffNote: z.string().max(2000),
  points: z.string(),
});

type Values = { decision: string; comment: string; staffNote: string; points: string };

/** In the order a reviewer weighs them. */
const CHOICES: ReviewDecision[] = ['approve', 'return', 'reject'];

/** Points an approval grants (to one decimal, above 0, at most `max`), as the reviewer typed them, or null. */
function grantedPoints(text: string, max: number): number | null {
  if (!/^\d{1,3}(\.\d)?$/.test(text.trim())) return null;
  const points = Number(text.trim());
  return points > 0 && points <= max ? points : null;
}

/**
 * A reviewer's decision on an item: approve, return or reject, a comment to the applicant (needed
 * unless approving) and a note for the staff; asked once more before it is sent, since the
 * applicant is told at once. With `grant` (a credit claim), an approval also grants points, up to
 * those claimed.
 */
export default function ReviewDecisionForm({
  locale,
  reviewId,
  grant,
}: {
  locale: Locale;
  reviewId: number;
  grant?: { max: number; suggested: number };
}) {
  const t = getT(locale);
  const dialog = useRef<HTMLDialogElement>(null);
  const extraCheck = useCallback(
    (v: Values): Partial<Record<keyof Values, string>> => {
      if (v.decision === '') return { decision: t('reviews:decide.chooseOne') };
      if (v.decision !== 'approve' && v.comment.trim() === '') return { comment: t('errors:reviewCommentNeeded') };
      if (v.decision === 'approve' && grant && grantedPoints(v.points, grant.max) === null)
        return { points: t('errors:claimPointsTooMany') };
      return {};
    },
    [t, grant],
  );
  const form = useForm<Values>({
    schema,
    initial: { decision: '', comment: '', staffNote: '', points: grant ? String(grant.suggested) : '' },
    labels: {
      decision: t('reviews:decide.legend'),
      comment: t('reviews:decide.comment'),
      staffNote: t('reviews:decide.staffNote'),
      points: t('reviews:decide.points'),
    },
    t,
    extraCheck,
  });
  const decision = form.values.decision as ReviewDecision | '';

  const send = async () => {
    dialog.current?.close();
    const sent = await form.submit(async ({ points, ...values }) => {
      const granted = grant && values.decision === 'approve' ? { points: grantedPoints(points, grant.max) } : {};
      await apiPost('/api/amsw0601/decide', { reviewId, ...values, ...granted }, { suppressErrorToast: true });
    });
    if (sent) {
      const next = new URL(window.location.href);
      next.searchParams.set('done', 'decided');
      window.location.assign(next.toString());
    }
  };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (form.submitting) return;
    // Checked before asking: the dialog only confirms a decision that can be sent.
    if (Object.keys(extraCheck(form.values)).length > 0) {
      void form.submit(async () => {});
      return;
    }
    dialog.current?.showModal();
  };

  return (
    <IslandForm onSubmit={onSubmit} busy={form.submitting}>
      <FormAlert message={form.formError} />
      <fieldset aria-describedby={form.errorOf('decision') ? 'field-decision-error' : undefined}>
        <legend className="mb-2 text-sm font-medium">{t('reviews:decide.legend')}</legend>
        <div className="space-y-2">
          {CHOICES.map((d, i) => (
            <label key={d} className="flex cursor-pointer items-start gap-3 rounded-box border border-base-300 p-3">
              <input
                id={i === 0 ? 'field-decision' : undefined}
                type="radio"
                name="decision"
                value={d}
                className="radio mt-0.5"
                checked={decision === d}
                onChange={() => form.set('decision', d)}
                aria-describedby={`decision-help-${d}`}
              />
              <span>
                <span className="block font-medium">{t(`reviews:decisions.${d}`)}</span>
                <span id={`decision-help-${d}`} className="block text-sm text-base-content/80">
                  {t(`reviews:decide.help.${d}`)}
                </span>
              </span>
            </label>
          ))}
        </div>
        {form.errorOf('decision') && (
          <p id="field-decision-error" className="mt-1 text-sm text-error">
            {form.errorOf('decision')}
          </p>
        )}
      </fieldset>
      {grant && decision === 'approve' && (
        <Field
          name="points"
          label={t('reviews:decide.points')}
          hint={t('reviews:decide.pointsHint', { max: grant.max })}
          inputMode="decimal"
          value={form.values.points}
          onChange={(v) => form.set('points', v)}
          onBlur={() => form.touch('points')}
          error={form.errorOf('points')}
        />
      )}
      <TextAreaField
        name="comment"
        label={t('reviews:decide.comment')}
        optionalText={decision === 'approve' ? t('reviews:decide.optional') : undefined}
        hint={t('reviews:decide.commentHint')}
        rows={4}
        maxLength={2000}
        value={form.values.comment}
        onChange={(v) => form.set('comment', v)}
        onBlur={() => form.touch('comment')}
        error={form.errorOf('comment')}
      />
      <TextAreaField
        name="staffNote"
        label={t('reviews:decide.staffNote')}
        optionalText={t('reviews:decide.optional')}
        hint={t('reviews:decide.staffNoteHint')}
        rows={2}
        maxLength={2000}
        value={form.values.staffNote}
        onChange={(v) => form.set('staffNote', v)}
        onBlur={() => form.touch('staffNote')}
        error={form.errorOf('staffNote')}
      />
      <button type="submit" className="btn btn-primary" disabled={form.submitting}>
        {form.submitting ? t('account:common.submitting') : t('reviews:decide.submit')}
      </button>
      <dialog ref={dialog} className="modal" aria-labelledby={`decide-${reviewId}`}>
        <div className="modal-box w-[446px] max-w-[92vw]">
          <p id={`decide-${reviewId}`} className="text-base font-medium">
            {decision && t(`reviews:decide.confirm.${decision}`)}
          </p>
          <div className="modal-action">
            <button type="button" className="btn btn-ghost" onClick={() => dialog.current?.close()}>
              {t('reviews:decide.cancel')}
            </button>
            <button type="button" className="btn btn-primary" onClick={() => void send()}>
              {decision && t(`reviews:decisions.${decision}`)}
            </button>
          </div>
        </div>
      </dialog>
    </IslandForm>
  );
}
