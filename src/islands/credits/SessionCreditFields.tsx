import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { CREDIT_CLASSES } from '@/lib/credits/rules';
import Field, { SelectField } from '../shared/Field';

/** A text field bound to a form (`useForm`'s field, or a form's own binder). */
type Bound = (name: string) => {
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: string | undefined;
};

/**
 * The credits a session asks for, as a certification's rules ask them: its category, credit
 * class, points (one decimal, capped per hour by the certification) and the topics it covers (a
 * box each). The organisation's course form and the events desk's sessions both ask them here.
 */
export default function SessionCreditFields({
  t,
  certification,
  names,
  text,
  check,
}: {
  t: TFunction;
  certification: {
    categories: { key: string; name: string }[];
    topics: { key: string; name: string }[];
    maxPointsPerHour: number;
  };
  /** The form's names of the session's fields; `topic` names a topic's box. */
  names: { category: string; creditClass: string; points: string; topic: (topic: string) => string };
  text: Bound;
  /** A labelled box for a topic. */
  check: (name: string, label: string) => ReactNode;
}) {
  return (
    <>
      <SelectField
        {...text(names.category)}
        label={t('credits:course.category')}
        options={certification.categories.map((c) => ({ value: c.key, label: c.name }))}
      />
      <SelectField
        {...text(names.creditClass)}
        label={t('credits:ledger.class')}
        options={CREDIT_CLASSES.map((c) => ({ value: c, label: t(`credits:classes.${c}`) }))}
      />
      <Field
        {...text(names.points)}
        label={t('credits:course.asked')}
        hint={t('credits:courseForm.pointsHint', { perHour: certification.maxPointsPerHour })}
        inputMode="decimal"
      />
      {certification.topics.length > 0 && (
        <div className="space-y-2 pt-6">
          {certification.topics.map((topic) => (
            <div key={topic.key}>
              {check(names.topic(topic.key), t('credits:courseForm.covers', { topic: topic.name }))}
            </div>
          ))}
        </div>
      )}
    </>
  );
}
