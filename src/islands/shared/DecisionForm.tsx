import type { FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { ConfirmDialog, reloadWith } from './ConfirmDialog';
import { TextAreaField } from './Field';
import type { BoundForm } from './use-form';
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
 * A decision form's end: the comment to the applicant (`optional` for a decision that needs none),
 * the staff's own note, the submit button and the dialog asking once more. Its texts are under
 * `stem` (`{stem}.comment`, `.staffNote`, their `…Hint`, `.optional`, `.submit`, `.cancel`,
 * `.confirm.{decision}`), the decisions' names under `decisions`; the comment is optional for the
 * decision `optionalFor`; `limits` are the notes' rows and lengths.
 */
export function DecisionEnd({
  form,
  asked,
  decision,
  t,
  stem,
  decisions,
  optionalFor,
  limits,
}: {
  form: Pick<BoundForm<'comment' | 'staffNote'>, 'field'> & { submitting: boolean };
  asked: ReturnType<typeof useDecisionConfirm>;
  decision: string;
  t: TFunction;
  stem: string;
  decisions: string;
  optionalFor: string;
  limits: { rows: number; comment: number; staffNote: number };
}) {
  return (
    <>
      <TextAreaField
        {...form.field('comment')}
        label={t(`${stem}.comment`)}
        optionalText={decision === optionalFor ? t(`${stem}.optional`) : undefined}
        hint={t(`${stem}.commentHint`)}
        rows={limits.rows}
        maxLength={limits.comment}
      />
      <TextAreaField
        {...form.field('staffNote')}
        label={t(`${stem}.staffNote`)}
        optionalText={t(`${stem}.optional`)}
        hint={t(`${stem}.staffNoteHint`)}
        rows={2}
        maxLength={limits.staffNote}
      />
      <button type="submit" className="btn btn-primary" disabled={form.submitting}>
        {form.submitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {form.submitting ? t('account:common.submitting') : t(`${stem}.submit`)}
      </button>
      <ConfirmDialog
        ref={asked.ref}
        text={decision ? t(`${stem}.confirm.${decision}`) : ''}
        cancel={t(`${stem}.cancel`)}
        confirm={decision ? t(`${decisions}.${decision}`) : ''}
        onConfirm={() => void asked.confirmed()}
      />
    </>
  );
}
