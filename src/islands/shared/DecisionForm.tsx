import type { FormEvent } from 'react';
import { reloadWith } from './ConfirmDialog';
import { useConfirm } from './use-confirm';

/**
 * A decision's choices as radio cards, each with its help (id `{helpId}-{choice}`); the first is
 * `field-decision`, so a refusal's summary takes the reader to it, and the refusal sits below.
 */
export function DecisionChoices<D extends string>({
  legend,
  choices,
  name,
  help,
  helpId,
  value,
  onChange,
  error,
}: {
  legend: string;
  choices: readonly D[];
  /** A choice's name and its help. */
  name: (choice: D) => string;
  help: (choice: D) => string;
  helpId: string;
  value: D | '';
  onChange: (choice: D) => void;
  error: string | undefined;
}) {
  return (
    <fieldset aria-describedby={error ? 'field-decision-error' : undefined}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="space-y-2">
        {choices.map((d, i) => (
          <label key={d} className="flex cursor-pointer items-start gap-3 rounded-box border border-base-300 p-3">
            <input
              id={i === 0 ? 'field-decision' : undefined}
              type="radio"
              name="decision"
              value={d}
              className="radio mt-0.5"
              checked={value === d}
              onChange={() => onChange(d)}
              aria-describedby={`${helpId}-${d}`}
            />
            <span>
              <span className="block font-medium">{name(d)}</span>
              <span id={`${helpId}-${d}`} className="block text-sm text-base-content/80">
                {help(d)}
              </span>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id="field-decision-error" className="mt-1 text-sm text-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * A decision form's submit, asked once more before it is sent: checked first (the dialog only
 * confirms a decision that can be sent; a refused check marks the fields), then, once confirmed,
 * sent by `send` and the page shown again with `done=decided`.
 */
export function useDecisionConfirm<V>(
  form: { values: V; submitting: boolean; submit: (action: (values: V) => Promise<void>) => Promise<boolean> },
  check: (values: V) => object,
  send: (values: V) => Promise<void>,
) {
  const confirm = useConfirm();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (form.submitting) return;
    if (Object.keys(check(form.values)).length > 0) {
      void form.submit(async () => {});
      return;
    }
    confirm.open();
  };
  const confirmed = async () => {
    confirm.close();
    if (await form.submit(send)) reloadWith('decided');
  };
  return { ref: confirm.ref, onSubmit, confirmed };
}
