import type { TFunction } from 'i18next';
import Field from './Field';
import type { BoundForm } from './use-form';

/** The e-mail field of a form: labelled, typed and checked the same way everywhere. */
export default function EmailField({
  form,
  t,
  label,
  hint,
}: {
  form: BoundForm<'email'>;
  t: TFunction;
  label?: string;
  hint?: string | undefined;
}) {
  return (
    <Field
      {...form.field('email')}
      type="email"
      label={label ?? t('account:fields.email')}
      hint={hint}
      autoComplete="email"
      inputMode="email"
      spellCheck={false}
      required
      maxLength={254}
    />
  );
}
