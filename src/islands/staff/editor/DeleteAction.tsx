import { useRef, useState, type ReactNode } from 'react';
import { ApiError, apiPost } from '@/client/api';
import { ConfirmDialog } from '../../shared/ConfirmDialog';

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
 * A desk form's save button and, with `remove`, its delete button opening the confirmation;
 * `children` stand between the buttons and the dialog.
 */
export default function SaveDelete({
  busy,
  save,
  deletion,
  remove,
  children,
}: {
  busy: boolean;
  save: string;
  deletion: ReturnType<typeof useDeletion>;
  /** The confirmation's words and what it does; absent when the item cannot be deleted. */
  remove?: { label: string; title: string; text: string; cancel: string; onConfirm: () => void } | undefined;
  children?: ReactNode;
}) {
  return (
    <>
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
      {children}
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
    </>
  );
}
