import { type ReactNode, useState } from 'react';
import { ApiError } from '@/client/api';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { useConfirm } from '../shared/use-confirm';
import { useHydrated } from '../shared/use-hydrated';

/** What stops the change: the field it is about (focused and marked), or none (the server's answer). */
export interface Refusal {
  field: string | null;
  text: string;
}

/** How a field of the dialog is marked while a refusal is about it. */
export type Marked = (field: string) => { 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };

interface Props {
  /** The stem of the ids of the dialog's fields (`{id}-{field}`), unique on the page. */
  id: string;
  /** The button that opens the dialog: its text, a fuller name for screen readers, its look. */
  opener: { text: string; label?: string; className: string };
  title: string;
  text: string;
  cancel: string;
  /** The confirming button, and what it says while the change is sent. */
  confirm: string;
  working: string;
  danger?: boolean;
  /** The reason asked for: its label and what is said when it is left empty. Without it, a plain confirmation. */
  reason?: { label: string; missing: string };
  /** Checks the dialog's other fields before anything is sent: the first thing wrong, or null. */
  check?: () => Refusal | null;
  /** Sends the change (with the reason given); the page comes back once it is done. */
  send: (reason: string) => Promise<unknown>;
  /** The dialog's other fields, above the reason, each marked with `marked(its id)`. */
  children?: (marked: Marked) => ReactNode;
  className?: string;
}

/**
 * A staff change confirmed in a dialog, with a reason where the change needs one (closing an
 * account, voiding a receipt, recording a refund): the dialog checks its fields, sends once however
 * often pressed, says what went wrong beside the field it is about (focused), and reloads the page
 * once the change is made. Field ids are `{id}-{field}`, the reason's `{id}-reason`.
 */
export default function ReasonDialog({
  id,
  opener,
  title,
  text,
  cancel,
  confirm,
  working,
  danger = false,
  reason: asked,
  check,
  send,
  children,
  className,
}: Props) {
  const asking = useConfirm();
  const busy = asking.pending;
  const hydrated = useHydrated();
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const refuse = (next: Refusal) => {
    setRefusal(next);
    if (next.field) document.getElementById(`${id}-${next.field}`)?.focus();
  };

  const submit = async () => {
    if (busy) return;
    const wrong = check?.() ?? (asked && reason.trim() === '' ? { field: 'reason', text: asked.missing } : null);
    if (wrong) return refuse(wrong);
    await asking.run(
      async () => {
        setRefusal(null);
        await send(reason);
        window.location.reload();
      },
      (caught) => refuse({ field: null, text: caught instanceof ApiError ? caught.message : String(caught) }),
    );
  };

  const marked: Marked = (field) => ({
    'aria-invalid': refusal?.field === field ? true : undefined,
    'aria-describedby': refusal?.field === field ? `${id}-error` : undefined,
  });
  return (
    <div className={className}>
      <button
        type="button"
        className={opener.className}
        aria-label={opener.label}
        disabled={!hydrated}
        onClick={asking.open}
      >
        {opener.text}
      </button>
      <ConfirmDialog
        ref={asking.ref}
        title={title}
        text={text}
        cancel={cancel}
        confirm={busy ? working : confirm}
        onConfirm={() => void submit()}
        danger={danger}
        busy={busy}
      >
        <div className="grid gap-2">
          {children?.(marked)}
          {asked && (
            <label className="flex flex-col text-sm font-medium">
              {asked.label}
              <input
                id={`${id}-reason`}
                className="input input-bordered w-full font-normal"
                value={reason}
                maxLength={200}
                required
                {...marked('reason')}
                onChange={(e) => setReason(e.target.value)}
              />
            </label>
          )}
          {refusal && (
            <p id={`${id}-error`} role="alert" className="text-sm text-error">
              {refusal.text}
            </p>
          )}
        </div>
      </ConfirmDialog>
    </div>
  );
}
