import type { FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { ConfirmDialog, reloadWith } from './ConfirmDialog';
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

/**
 * A decision form's submit button and the dialog asking once more: its texts under `stem`
 * (`{stem}.submit`, `.cancel`, `.confirm.{decision}`), the decision's name by `named`.
 */
export function DecisionSubmit({
  asked,
  submitting,
  decision,
  t,
  stem,
  named,
}: {
  asked: ReturnType<typeof useDecisionConfirm>;
  submitting: boolean;
  decision: string;
  t: TFunction;
  stem: string;
  named: (decision: string) => string;
}) {
  return (
    <>
      <button type="submit" className="btn btn-primary" disabled={submitting}>
        {submitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {submitting ? t('account:common.submitting') : t(`${stem}.submit`)}
      </button>
      <ConfirmDialog
        ref={asked.ref}
        text={decision ? t(`${stem}.confirm.${decision}`) : ''}
        cancel={t(`${stem}.cancel`)}
        confirm={decision ? named(decision) : ''}
        onConfirm={() => void asked.confirmed()}
      />
    </>
  );
}
