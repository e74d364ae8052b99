import { ErrorCode } from '../../../lib/error-codes';
import type { PasswordContext } from '../../../lib/validators/password';
import { checkPasswordStrength } from '../../../lib/validators/password-strength';
import { AppError } from '../../app-error';
import { getWebInfo } from '../site/get-web-info';

/**
 * The password policy as the server enforces it, the strength estimate included: the owner's
 * data and the society's name (both languages) count as known to an attacker. Refuses with -10
 * naming the field and the failed rules; a guessable password also gets zxcvbn's feedback keys
 * (`warning`, `suggestions`) and a message that says why.
 */
export async function assertPasswordPolicy(
  password: string,
  context: PasswordContext,
  field: 'password' | 'newPassword',
): Promise<void> {
  const society = await Promise.all([getWebInfo('zh-tw'), getWebInfo('en-us')]);
  const names = [...(context.names ?? []), ...society.map((info) => info.name)];
  const check = checkPasswordStrength(password, { ...context, names });
  if (check.ok) return;
  const guessable = check.failed.includes('notGuessable');
  const { warning, suggestions } = check.strength;
  throw new AppError(
    ErrorCode.DATA_CHECK,
    { fields: [field], rules: check.failed, ...(guessable ? { warning, suggestions } : {}) },
    { key: guessable && check.failed.length === 1 ? 'passwordGuessable' : 'passwordRules' },
  );
}
