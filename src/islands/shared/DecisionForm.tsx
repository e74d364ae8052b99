import type { FormEvent } from 'react';
import { reloadWith } from './ConfirmDialog';
import { useConfirm } from './use-confirm';

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
