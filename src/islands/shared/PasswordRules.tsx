import type { TFunction } from 'i18next';
import { checkPassword, PASSWORD_RULES, type PasswordContext, type PasswordStrength } from '@/lib/validators/password';

/**
 * The password policy as a live checklist: each rule says whether it is met. 'notGuessable'
 * stays open until the strength estimate has loaded, and says it is being checked while the
 * estimator loads; a guessable password gets the estimate's reason and advice under the list.
 */
export default function PasswordRules({
  password,
  context,
  strength,
  checking,
  t,
}: {
  password: string;
  context: PasswordContext;
  /** The estimate, null while it loads. */
  strength: PasswordStrength | null;
  /** The estimator is loading for the typed password. */
  checking: boolean;
  t: TFunction;
}) {
  const failed = new Set(checkPassword(password, context, strength).failed);
  const weak = password !== '' && failed.has('notGuessable');
  const feedback = weak && strength ? strengthFeedback(strength, t) : [];
  return (
    <div id="password-rules" className="rounded-box bg-base-200 p-3 text-sm">
      <p className="mb-1 font-medium">{t('account:passwordRules.title')}</p>
      <ul className="space-y-0.5">
        {PASSWORD_RULES.map((rule) => {
          const met = password !== '' && !failed.has(rule) && (rule !== 'notGuessable' || strength !== null);
          if (rule === 'notGuessable' && checking) {
            return (
              <li key={rule} data-rule={rule} aria-busy="true">
                <span
                  aria-hidden="true"
                  className="loading loading-spinner loading-xs align-middle text-base-content/60"
                />{' '}
                {t(`account:passwordRules.${rule}`)}
                <span className="block ps-5 text-base-content/80">{t('account:passwordStrength.checking')}</span>
              </li>
            );
          }
          return (
            <li key={rule} className={met ? 'text-success-content' : ''} data-rule={rule}>
              <span aria-hidden="true" className={met ? 'text-success' : 'text-base-content/50'}>
                {met ? '✓' : '○'}{' '}
              </span>
              {t(`account:passwordRules.${rule}`)}
              <span className="sr-only">
                {' '}
                ({met ? t('account:passwordRules.met') : t('account:passwordRules.notMet')})
              </span>
            </li>
          );
        })}
      </ul>
      {feedback.length > 0 && (
        <ul id="password-strength-feedback" className="mt-2 list-disc space-y-0.5 ps-5 text-base-content/80">
          {feedback.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** zxcvbn's warning and suggestions in the reader's language; a general line when it gives none. */
function strengthFeedback(strength: PasswordStrength, t: TFunction): string[] {
  const lines = [
    strength.warning ? t(`account:passwordStrength.warnings.${strength.warning}`, { defaultValue: '' }) : '',
    ...strength.suggestions.map((key) => t(`account:passwordStrength.suggestions.${key}`, { defaultValue: '' })),
  ].filter((line) => line !== '');
  return lines.length > 0 ? [...new Set(lines)] : [t('account:passwordStrength.weak')];
}
