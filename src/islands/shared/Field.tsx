import type { ChangeEvent, InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

interface FrameProps {
  name: string;
  /** The control's id, where a page needs its own (several of one island); `field-{name}` unless given. */
  id?: string | undefined;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  optionalText?: string | undefined;
}

/** The ids a control is described by: a caller's own description first, then its hint and error. */
export function describedBy({ name, id: own, hint, error }: FrameProps, extra: string | undefined): string | undefined {
  const id = own ?? `field-${name}`;
  return [extra ?? '', hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

/**
 * The label above a control, and its hint and error below, tied to it for screen readers. The
 * label's id is `{id}-label`, for a control that is not a form element (`aria-labelledby`).
 */
export function FieldFrame({
  name,
  id: own,
  label,
  error,
  hint,
  optionalText,
  children,
}: FrameProps & { children: ReactNode }) {
  const id = own ?? `field-${name}`;
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

/** What a bound control is given: its frame's props, its text and what to do when it changes. */
interface Bound extends FrameProps {
  value: string;
  onChange: (value: string) => void;
  'aria-describedby'?: string | undefined;
}

/**
 * A control's frame apart from the attributes the frame gives it (id, name, text, invalid, the
 * ids it is described by), and the caller's own attributes, which come last and may override them.
 */
function bind<P extends Bound>({ name, id, label, error, hint, optionalText, value, onChange, ...rest }: P) {
  const frame = { name, id, label, error, hint, optionalText };
  const { 'aria-describedby': extra, ...own } = rest;
  const control = {
    id: id ?? `field-${name}`,
    name,
    value,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => onChange(e.target.value),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(frame, extra),
  };
  return { frame, control, own };
}

interface Props extends FrameProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'name'> {
  value: string;
  onChange: (value: string) => void;
  children?: ReactNode;
}

/** A labelled input with its hint and error tied to it for screen readers. */
export default function Field({ children, ...props }: Props) {
  const { frame, control, own } = bind(props);
  return (
    <FieldFrame {...frame}>
      <div className="relative">
        <input {...control} className={`input input-bordered w-full ${frame.error ? 'input-error' : ''}`} {...own} />
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
export function TextAreaField(props: TextAreaProps) {
  const { frame, control, own } = bind(props);
  return (
    <FieldFrame {...frame}>
      <textarea
        {...control}
        className={`textarea textarea-bordered w-full ${frame.error ? 'textarea-error' : ''}`}
        {...own}
      />
    </FieldFrame>
  );
}

interface SelectProps extends FrameProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value' | 'name'> {
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
}

/** A labelled select, like Field. */
export function SelectField({ options, ...props }: SelectProps) {
  const { frame, control, own } = bind(props);
  return (
    <FieldFrame {...frame}>
      <select {...control} className={`select select-bordered w-full ${frame.error ? 'select-error' : ''}`} {...own}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
