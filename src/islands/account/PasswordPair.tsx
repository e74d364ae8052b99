import type { TFunction } from 'i18next';
import { checkPassword, type PasswordContext } from '@/lib/validators/password';
import PasswordField from '../shared/PasswordField';
import PasswordRules from '../shared/PasswordRules';
import { FieldGroup } from './SignUpParts';

type PasswordFieldName = 'password' | 'passwordConfirm';

/** The part of a useForm result the password pair works with. */
interface PasswordForm {
  values: Record<PasswordFieldName, string>;
  set: (field: PasswordFieldName, value: string) => void;
  touch: (field: PasswordFieldName) => void;
  errorOf: (field: PasswordFieldName) => string | undefined;
}

/**
 * The checks the schema cannot make alone, for useForm's extraCheck: the password policy with the
 * account's own data (the server checks it again) and the confirmation.
 */
export function passwordPairCheck(
  values: Record<PasswordFieldName, string>,
  context: PasswordContext,
  t: TFunction,
): Partial<Record<PasswordFieldName, string>> {
  const errors: Partial<Record<PasswordFieldName, string>> = {};
  if (values.password !== '' && !checkPassword(values.password, context).ok)
    errors.password = t('signup:passwordPolicy');
  if (values.passwordConfirm === '') {
    errors.passwordConfirm = t('account:validation.required', { field: t('signup:confirmPassword') });
  } else if (values.passwordConfirm !== values.password) {
    errors.passwordConfirm = t('account:validation.mismatch');
  }
  return errors;
}

/** A new password, its confirmation and the live checklist of the policy. */
export default function PasswordPair({
  t,
  form,
  context,
}: {
  t: TFunction;
  form: PasswordForm;
  context: PasswordContext;
}) {
  return (
    <FieldGroup legend={t('signup:groups.password')}>
      <div className="space-y-4">
        <PasswordField
          name="password"
          label={t('account:fields.password')}
          value={form.values.password}
          onChange={(v) => form.set('password', v)}
          onBlur={() => form.touch('password')}
          error={form.errorOf('password')}
          autoComplete="new-password"
          describedByRules
          t={t}
        />
        <PasswordField
          name="passwordConfirm"
          label={t('signup:confirmPassword')}
          value={form.values.passwordConfirm}
          onChange={(v) => form.set('passwordConfirm', v)}
          onBlur={() => form.touch('passwordConfirm')}
          error={form.errorOf('passwordConfirm')}
          autoComplete="new-password"
          t={t}
        />
      </div>
      <PasswordRules password={form.values.password} context={context} t={t} />
    </FieldGroup>
  );
}
