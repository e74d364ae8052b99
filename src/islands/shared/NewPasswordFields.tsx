import type { TFunction } from 'i18next';
import { checkPassword, type PasswordContext } from '@/lib/validators/password';
import PasswordField from './PasswordField';
import PasswordRules from './PasswordRules';
import { currentPasswordStrength, usePasswordStrength } from './password-strength';
import type { BoundForm } from './use-form';

/**
 * The names of a form's new password and its confirmation, and the keys of the texts they show.
 * Each form keeps the field names its API knows, so the server's field errors land on the field.
 */
export interface NewPasswordPair<P extends string, C extends string> {
  password: P;
  confirm: C;
  passwordLabel: string;
  confirmLabel: string;
  /** The new password's error when it breaks the policy. */
  policyError: string;
}

/** Sign-up: the account's first password, sent as `password`. */
export const SIGN_UP_PASSWORD: NewPasswordPair<'password', 'passwordConfirm'> = {
  password: 'password',
  confirm: 'passwordConfirm',
  passwordLabel: 'account:fields.password',
  confirmLabel: 'signup:confirmPassword',
  policyError: 'signup:passwordPolicy',
};

/** Changing or resetting a password: sent as `newPassword`. */
export const NEW_PASSWORD: NewPasswordPair<'newPassword', 'confirmPassword'> = {
  password: 'newPassword',
  confirm: 'confirmPassword',
  passwordLabel: 'account:fields.newPassword',
  confirmLabel: 'account:fields.confirmPassword',
  policyError: 'password:validation.rules',
};

/**
 * The checks the API schemas cannot make alone, for useForm's extraCheck: the new password meets
 * the policy with the account's own data and, once the estimator has loaded, is not easy to
 * guess (the server checks both again), and the confirmation is given and matches.
 */
export function passwordPairCheck<P extends string, C extends string>(
  pair: NewPasswordPair<P, C>,
  values: Record<P | C, string>,
  context: PasswordContext,
  t: TFunction,
): Partial<Record<P | C, string>> {
  const password = values[pair.password];
  const confirm = values[pair.confirm];
  const errors: Partial<Record<P | C, string>> = {};
  if (password !== '' && !checkPassword(password, context, currentPasswordStrength(password, context)).ok) {
    errors[pair.password] = t(pair.policyError);
  }
  if (confirm === '') {
    errors[pair.confirm] = t('account:validation.required', { field: t(pair.confirmLabel) });
  } else if (confirm !== password) {
    errors[pair.confirm] = t('account:validation.mismatch');
  }
  return errors;
}

interface Props<P extends string, C extends string> {
  pair: NewPasswordPair<P, C>;
  form: BoundForm<NoInfer<P | C>>;
  /** What the password must not equal (the e-mail's name, the person ID). */
  context: PasswordContext;
  t: TFunction;
  /**
   * 'between': the rules between the two fields, all in one column. 'beside': both fields, then
   * the rules, for a two-column group that shows the rules next to the fields.
   */
  layout?: 'between' | 'beside';
  /**
   * Also check the confirmation when it is left. Off by default: a message appearing under the
   * last field would move the submit button away from a click already under way, so the
   * confirmation is checked on submit.
   */
  checkConfirmOnBlur?: boolean;
}

/**
 * A new password, its confirmation and the live checklist of the policy, which describes the new
 * password's field (aria-describedby); each field shows its own error.
 */
export default function NewPasswordFields<P extends string, C extends string>({
  pair,
  form,
  context,
  t,
  layout = 'between',
  checkConfirmOnBlur = false,
}: Props<P, C>) {
  const password = form.values[pair.password];
  const { strength, checking } = usePasswordStrength(password, context);
  const newField = (
    <PasswordField
      name={pair.password}
      label={t(pair.passwordLabel)}
      value={password}
      onChange={(v) => form.set(pair.password, v)}
      onBlur={() => form.touch(pair.password)}
      error={form.errorOf(pair.password)}
      autoComplete="new-password"
      describedByRules
      t={t}
    />
  );
  const confirmField = (
    <PasswordField
      name={pair.confirm}
      label={t(pair.confirmLabel)}
      value={form.values[pair.confirm]}
      onChange={(v) => form.set(pair.confirm, v)}
      onBlur={checkConfirmOnBlur ? () => form.touch(pair.confirm) : undefined}
      error={form.errorOf(pair.confirm)}
      autoComplete="new-password"
      t={t}
    />
  );
  const rules = <PasswordRules password={password} context={context} strength={strength} checking={checking} t={t} />;
  if (layout === 'beside') {
    return (
      <>
        <div className="space-y-4">
          {newField}
          {confirmField}
        </div>
        {rules}
      </>
    );
  }
  return (
    <>
      {newField}
      {rules}
      {confirmField}
    </>
  );
}
