import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError, apiPost } from '@/client/api';
import { ConfirmDialog } from '../../shared/ConfirmDialog';
import FormAlert from '../../shared/FormAlert';
import IslandForm from '../../shared/IslandForm';

/**
 * Deleting a desk item after a confirmation: posts `body` to `path`, then goes to `next`; a refusal
 * closes the dialog and shows the server's words above the form.
 */
export function useDeletion(form: { setFormError: (message: string | null) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [deleting, setDeleting] = useState(false);
  const remove = async (path: string, body: Record<string, unknown>, next: string) => {
    if (deleting) return;
    setDeleting(true);
    try {
      await apiPost(path, body, { suppressErrorToast: true });
      window.location.assign(next);
    } catch (caught) {
      dialog.current?.close();
      form.setFormError(caught instanceof ApiError ? caught.message : String(caught));
      setDeleting(false);
    }
  };
  return { dialog, deleting, remove };
}

/**
 * A desk form that saves and, with `remove`, deletes after a confirmation: its error summary, its
 * fields, the save and delete buttons, then `note` and the dialog.
 */
export default function SaveDeleteForm({
  form,
  onSubmit,
  save,
  deletion,
  remove,
  note,
  children,
}: {
  form: { submitting: boolean; formError: string | null };
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  save: string;
  deletion: ReturnType<typeof useDeletion>;
  /** The confirmation's words and what it does; absent when the item cannot be deleted. */
  remove?: { label: string; title: string; text: string; cancel: string; onConfirm: () => void } | undefined;
  /** Said under the buttons (why it cannot be deleted). */
  note?: ReactNode;
  children: ReactNode;
}) {
  const busy = form.submitting || deletion.deleting;
  return (
    <IslandForm onSubmit={onSubmit} busy={busy}>
      <FormAlert message={form.formError} />
      {children}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {save}
        </button>
        {remove && (
          <button
            type="button"
            className="btn btn-outline btn-error"
            disabled={busy}
            onClick={() => deletion.dialog.current?.showModal()}
          >
            {remove.label}
          </button>
        )}
      </div>
      {note}
      {remove && (
        <ConfirmDialog
          ref={deletion.dialog}
          title={remove.title}
          text={remove.text}
          cancel={remove.cancel}
          confirm={remove.label}
          onConfirm={remove.onConfirm}
          danger
          busy={deletion.deleting}
        />
      )}
    </IslandForm>
  );
}
