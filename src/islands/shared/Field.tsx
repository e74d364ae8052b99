import type { InputHTMLAttributes, ReactNode } from 'react';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  optionalText?: string | undefined;
  children?: ReactNode;
}

/** A labelled input with its hint and error tied to it for screen readers. */
export default function Field({ name, label, value, onChange, error, hint, optionalText, children, ...props }: Props) {
  const id = `field-${name}`;
  // A caller's own description (e.g. the password rules) comes first; the hint and error always stay tied.
  const { 'aria-describedby': extraDescribedBy, ...input } = props;
  const describedBy =
    [extraDescribedBy ?? '', hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') ||
    undefined;
  return (
    <div className="flex w-full flex-col">
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
        {optionalText && <span className="font-normal text-base-content/70">{optionalText}</span>}
      </label>
      <div className="relative">
        <input
          id={id}
          name={name}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`input input-bordered w-full ${error ? 'input-error' : ''}`}
          {...input}
        />
        {children}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-base-content/70">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}
