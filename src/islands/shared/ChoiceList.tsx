/** The form kit's list of radio choices, framed as `Field` is (its own module: only the forms with choices load it). */
import type { ReactNode } from 'react';
import { describedBy } from './Field';

/**
 * One of fixed choices as radio buttons under a legend, the first `field-{name}` so a refusal's
 * summary takes the reader to it, the refusal below: plain lines, or with `cards` bordered cards,
 * each with its `help` (id `{helpId}-{choice}`) where given. `children` stand between the legend
 * and the choices.
 */
export function ChoiceList<C extends string>({
  name,
  legend,
  legendClassName = 'text-sm font-medium',
  choices,
  label,
  help,
  helpId = `${name}-help`,
  value,
  onChange,
  error,
  cards = false,
  className = 'space-y-2',
  'aria-describedby': extra,
  children,
}: {
  name: string;
  legend: string;
  legendClassName?: string;
  choices: readonly C[];
  label: (choice: C) => string;
  help?: (choice: C) => string;
  helpId?: string;
  value: C | '';
  onChange: (choice: C) => void;
  error?: string | undefined;
  cards?: boolean;
  /** The choices' layout. */
  className?: string;
  'aria-describedby'?: string;
  children?: ReactNode;
}) {
  return (
    <fieldset aria-describedby={describedBy({ name, label: legend, error }, extra)}>
      <legend className={`mb-2 ${legendClassName}`}>{legend}</legend>
      {children}
      <div className={className}>
        {choices.map((choice, i) => (
          <label
            key={choice}
            className={`flex cursor-pointer gap-3 ${cards ? 'items-start rounded-box border border-base-300 p-3' : 'items-center'}`}
          >
            <input
              id={i === 0 ? `field-${name}` : undefined}
              type="radio"
              name={name}
              value={choice}
              className={cards ? 'radio mt-0.5' : 'radio'}
              checked={value === choice}
              onChange={() => onChange(choice)}
              aria-invalid={error ? true : undefined}
              aria-describedby={help ? `${helpId}-${choice}` : undefined}
            />
            {help ? (
              <span>
                <span className="block font-medium">{label(choice)}</span>
                <span id={`${helpId}-${choice}`} className="block text-sm text-base-content/80">
                  {help(choice)}
                </span>
              </span>
            ) : (
              <span>{label(choice)}</span>
            )}
          </label>
        ))}
      </div>
      {error && (
        <p id={`field-${name}-error`} className="mt-1 text-sm text-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
