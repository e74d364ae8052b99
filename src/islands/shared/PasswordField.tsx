import { useState } from 'react';
import type { TFunction } from 'i18next';
import Field from './Field';

interface Props {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  autoComplete: 'current-password' | 'new-password';
  t: TFunction;
  describedByRules?: boolean;
}

/** A password input with a show/hide toggle. */
export default function PasswordField({ t, describedByRules, ...props }: Props) {
  const [visible, setVisible] = useState(false);
  return (
    <Field
      {...props}
      type={visible ? 'text' : 'password'}
      required
      maxLength={128}
      className={`input input-bordered w-full pr-20 ${props.error ? 'input-error' : ''}`}
      aria-describedby={describedByRules ? 'password-rules' : undefined}
    >
      <button
        type="button"
        className="btn btn-ghost btn-xs absolute right-2 top-1/2 -translate-y-1/2"
        aria-pressed={visible}
        aria-controls={`field-${props.name}`}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? t('account:common.hidePassword') : t('account:common.showPassword')}
      </button>
    </Field>
  );
}
