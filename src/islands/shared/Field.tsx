import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';

interface FrameProps {
  name: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  optionalText?: string | undefined;
}

/** The ids a control is described by: a caller's own description first, then its hint and error. */
export function describedBy({ name, hint, error }: FrameProps, extra: string | undefined): string | undefined {
  const id = `field-${name}`;
  return [extra ?? '', hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

/**
 * The label above a control, and its hint and error below, tied to it for screen readers. The
 * label's id is `field-{name}-label`, for a control that is not a form element (`aria-labelledby`).
 */
export function FieldFrame({ name, label, error, hint, optionalText, children }: FrameProps & { children: ReactNode }) {
  const id = `field-${name}`;
  return (
    <div className="flex w-full flex-col">
      <label id={`${id}-label`} htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
        {optionalText && <span className="font-normal text-base-content/70">{optionalText}</span>}
      </label>
      {children}
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

interface Props extends FrameProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'name'> {
  value: string;
  onChange: (value: string) => void;
  children?: ReactNode;
}

/** A labelled input with its hint and error tied to it for screen readers. */
export default function Field({ name, label, value, onChange, error, hint, optionalText, children, ...props }: Props) {
  const frame = { name, label, error, hint, optionalText };
  const { 'aria-describedby': extra, ...input } = props;
  return (
    <FieldFrame {...frame}>
      <div className="relative">
        <input
          id={`field-${name}`}
          name={name}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(frame, extra)}
          className={`input input-bordered w-full ${error ? 'input-error' : ''}`}
          {...input}
        />
        {children}
      </div>
    </FieldFrame>
  );
}

interface TextAreaProps
  extends FrameProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value' | 'name'> {
  value: string;
  onChange: (value: string) => void;
}

/** A labelled text area, like Field. */
export function TextAreaField({ name, label, value, onChange, error, hint, optionalText, ...props }: TextAreaProps) {
  const frame = { name, label, error, hint, optionalText };
  const { 'aria-describedby': extra, ...textarea } = props;
  return (
    <FieldFrame {...frame}>
      <textarea
        id={`field-${name}`}
        name={name}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(frame, extra)}
        className={`textarea textarea-bordered w-full ${error ? 'textarea-error' : ''}`}
        {...textarea}
      />
    </FieldFrame>
  );
}
