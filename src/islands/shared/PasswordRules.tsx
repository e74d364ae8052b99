import type { TFunction } from 'i18next';
import { checkPassword, PASSWORD_RULES, type PasswordContext } from '@/lib/validators/password';

/** The password policy as a live checklist: each rule says whether it is met. */
export default function PasswordRules({
  password,
  context,
  t,
}: {
  password: string;
  context: PasswordContext;
  t: TFunction;
}) {
  const failed = new Set(checkPassword(password, context).failed);
  return (
    <div id="password-rules" className="rounded-box bg-base-200 p-3 text-sm">
      <p className="mb-1 font-medium">{t('account:passwordRules.title')}</p>
      <ul className="space-y-0.5">
        {PASSWORD_RULES.map((rule) => {
          const met = password !== '' && !failed.has(rule);
          return (
            <li key={rule} className={met ? 'text-success-content' : ''}>
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
    </div>
  );
}
