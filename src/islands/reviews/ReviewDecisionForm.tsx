import { useCallback } from 'react';
import { z } from 'zod';
import { apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import type { ReviewDecision } from '@/lib/roles';
import { DecisionEnd, useDecisionConfirm } from '../shared/DecisionForm';
import Field from '../shared/Field';
import { ChoiceList } from '../shared/ChoiceList';
import FormAlert from '../shared/FormAlert';
import IslandForm from '../shared/IslandForm';
import { useForm } from '../shared/use-form';

/** The texts and the notes' sizes of the form's end (DecisionEnd). */
const END = {
  stem: 'reviews:decide',
  decisions: 'reviews:decisions',
  optionalFor: 'approve',
  limits: { rows: 4, comment: 2000, staffNote: 2000 },
};

// The decision and what an approval grants are checked by extraCheck, which names what is missing.
// Fields: decision, comment, staffNote, points (a claim), score, courseCode and session0… (a course).
const schema = z.record(z.string(), z.string().max(2000));

type Values = Record<string, string>;

/** In the order a reviewer weighs them. */
const CHOICES: ReviewDecision[] = ['approve', 'return', 'reject'];

/** Points an approval grants (to one decimal, at most `max`, above 0 unless `zero`), as typed, or null. */
function grantedPoints(text: string, max: number, zero = false): number | null {
  if (!/^\d{1,3}(\.\d)?$/.test(text.trim())) return null;
  const points = Number(text.trim());
  return (zero ? points >= 0 : points > 0) && points <= max ? points : null;
}

const CODE = /^[A-Za-z0-9][A-Za-z0-9-]{2,29}$/;

/** A course approval's problems, by field: a score, a code, and every session's points (some in all). */
function courseProblems(v: Values, course: CourseGrant, t: ReturnType<typeof getT>): Record<string, string> {
  const problems: Record<string, string> = {};
  const score = (v.score ?? '').trim();
  if (!/^\d{1,3}$/.test(score) || Number(score) > 100) problems.score = t('errors:courseScoreInvalid');
  if (!CODE.test((v.courseCode ?? '').trim())) problems.courseCode = t('errors:courseCodeInvalid');
  const granted = course.sessions.map((s, i) => grantedPoints(v[`session${i}`] ?? '', s.asked, true));
  granted.forEach((g, i) => {
    if (g === null) problems[`session${i}`] = t('errors:courseGrantInvalid');
  });
  if (granted.every((g) => g === 0)) problems.session0 = t('errors:courseGrantInvalid');
  return problems;
}

/** A course's sessions as its approval grants them (each up to the points asked), and the code proposed. */
interface CourseGrant {
  sessions: { title: string; asked: number }[];
  suggestedCode: string;
}

/**
 * A reviewer's decision on an item: approve, return or reject, a comment to the applicant (needed
 * unless approving) and a note for the staff; asked once more before it is sent, since the
 * applicant is told at once. With `grant` (a credit claim), an approval also grants points, up to
 * those claimed; with `course` (a course application), a score, the course's code (the proposed
 * one to start with) and each session's points, up to those asked. What an approval grants is
 * shown with the choices, marked as needed to approve, and checked only for an approval.
 */
export default function ReviewDecisionForm({
  locale,
  reviewId,
  grant,
  course,
}: {
  locale: Locale;
  reviewId: number;
  grant?: { max: number; suggested: number };
  course?: CourseGrant;
}) {
  const t = getT(locale);
  const extraCheck = useCallback(
    (v: Values): Partial<Record<keyof Values, string>> => {
      if (v.decision === '') return { decision: t('reviews:decide.chooseOne') };
      if (v.decision !== 'approve' && (v.comment ?? '').trim() === '')
        return { comment: t('errors:reviewCommentNeeded') };
      if (v.decision === 'approve' && grant && grantedPoints(v.points ?? '', grant.max) === null)
        return { points: t('errors:claimPointsTooMany') };
      if (v.decision === 'approve' && course) return courseProblems(v, course, t);
      return {};
    },
    [t, grant, course],
  );
  const sessionField = (i: number) => `session${i}`;
  const form = useForm<Values>({
    schema,
    initial: {
      decision: '',
      comment: '',
      staffNote: '',
      points: grant ? String(grant.suggested) : '',
      score: '',
      courseCode: course?.suggestedCode ?? '',
      ...Object.fromEntries((course?.sessions ?? []).map((s, i) => [sessionField(i), String(s.asked)])),
    },
    labels: {
      decision: t('reviews:decide.legend'),
      comment: t('reviews:decide.comment'),
      staffNote: t('reviews:decide.staffNote'),
      points: t('reviews:decide.points'),
      score: t('reviews:decide.score'),
      courseCode: t('reviews:decide.courseCode'),
      ...Object.fromEntries(
        (course?.sessions ?? []).map((s, i) => [
          sessionField(i),
          t('reviews:decide.sessionPoints', { title: s.title }),
        ]),
      ),
    },
    t,
    extraCheck,
  });
  const decision = form.values.decision as ReviewDecision | '';

  const asked = useDecisionConfirm(form, extraCheck, async (v) => {
    const approving = v.decision === 'approve';
    const granted =
      grant && approving
        ? { points: grantedPoints(v.points ?? '', grant.max) }
        : course && approving
          ? {
              score: Number(v.score),
              courseCode: (v.courseCode ?? '').trim(),
              sessionPoints: course.sessions.map((_, i) => Number(v[sessionField(i)])),
            }
          : {};
    await apiPost(
      '/api/amsw0601/decide',
      { reviewId, decision: v.decision, comment: v.comment, staffNote: v.staffNote, ...granted },
      { suppressErrorToast: true },
    );
  });

  return (
    <IslandForm onSubmit={asked.onSubmit} busy={form.submitting}>
      <FormAlert message={form.formError} />
      <ChoiceList
        name="decision"
        cards
        legend={t('reviews:decide.legend')}
        choices={CHOICES}
        label={(d) => t(`reviews:decisions.${d}`)}
        help={(d) => t(`reviews:decide.help.${d}`)}
        helpId="decision-help"
        value={decision}
        onChange={(d) => form.set('decision', d)}
        error={form.errorOf('decision')}
      />
      {grant && (
        <Field
          {...form.field('points')}
          label={t('reviews:decide.points')}
          optionalText={t('reviews:decide.neededToApprove')}
          hint={t('reviews:decide.pointsHint', { max: grant.max })}
          inputMode="decimal"
        />
      )}
      {course && (
        <fieldset className="space-y-3 rounded-box border border-base-300 p-3">
          <legend className="px-1 text-sm font-medium">{t('reviews:decide.courseGrant')}</legend>
          <p className="text-sm text-base-content/80">{t('reviews:decide.courseGrantHint')}</p>
          <Field
            {...form.field('score')}
            label={t('reviews:decide.score')}
            hint={t('reviews:decide.scoreHint')}
            inputMode="numeric"
          />
          <Field
            {...form.field('courseCode')}
            label={t('reviews:decide.courseCode')}
            hint={t('reviews:decide.courseCodeHint', { code: course.suggestedCode })}
            autoComplete="off"
          />
          {course.sessions.map((s, i) => (
            <Field
              key={sessionField(i)}
              {...form.field(sessionField(i))}
              label={t('reviews:decide.sessionPoints', { title: s.title })}
              hint={t('reviews:decide.sessionPointsHint', { max: s.asked })}
              inputMode="decimal"
            />
          ))}
        </fieldset>
      )}
      <DecisionEnd form={form} asked={asked} decision={decision} t={t} {...END} />
    </IslandForm>
  );
}
