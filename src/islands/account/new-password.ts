import type { TFunction } from 'i18next';
import { checkPassword } from '@/lib/validators/password';

export interface NewPasswordErrors {
  newPassword?: string;
  confirmPassword?: string;
}

/**
 * The checks the reset and change forms make beyond their API schema: the new password meets the
 * policy (not equal to the e-mail's name either), and the confirmation is given and matches.
 */
export function newPasswordChecks(
  t: TFunction,
  email: string | null,
  values: { newPassword: string; confirmPassword: string },
): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  if (values.newPassword && !checkPassword(values.newPassword, { email }).ok) {
    errors.newPassword = t('password:validation.rules');
  }
  if (!values.confirmPassword) {
    errors.confirmPassword = t('account:validation.required', { field: t('account:fields.confirmPassword') });
  } else if (values.confirmPassword !== values.newPassword) {
    errors.confirmPassword = t('account:validation.mismatch');
  }
  return errors;
}
