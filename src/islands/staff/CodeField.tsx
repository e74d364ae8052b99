import type { TFunction } from 'i18next';
import Field from '../shared/Field';

/**
 * The second factor's code: six digits from the app (numeric keypad, the browser may fill it from
 * an SMS-like prompt) or, with `recovery`, a recovery code.
 */
export default function CodeField({
  t,
  name = 'code',
  recovery = false,
  value,
  onChange,
  onBlur,
  error,
  label,
}: {
  t: TFunction;
  name?: string;
  recovery?: boolean;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  label?: string;
}) {
  return (
    <div className="max-w-xs">
      <Field
        name={name}
        label={label ?? t(recovery ? 'staff:factor.recoveryCode' : 'staff:factor.code')}
        hint={t(recovery ? 'staff:factor.recoveryHint' : 'staff:factor.codeHint')}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        error={error}
        required
        autoComplete={recovery ? 'off' : 'one-time-code'}
        inputMode={recovery ? 'text' : 'numeric'}
        autoCapitalize={recovery ? 'characters' : undefined}
        spellCheck={false}
        className={`input input-bordered w-full font-mono tracking-wider ${error ? 'input-error' : ''}`}
        maxLength={recovery ? 24 : 7}
      />
    </div>
  );
}
