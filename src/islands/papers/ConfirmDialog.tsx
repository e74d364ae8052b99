import { forwardRef, useId } from 'react';

/**
 * A confirm dialog (daisyUI modal, 446 px wide): opened with `showModal()` on its ref, it keeps
 * focus inside until closed and gives it back to the control that opened it. Labelled by its text.
 */
export const ConfirmDialog = forwardRef<
  HTMLDialogElement,
  { text: string; cancel: string; confirm: string; onConfirm: () => void }
>(function ConfirmDialog({ text, cancel, confirm, onConfirm }, ref) {
  const id = useId();
  const close = () => (ref && typeof ref === 'object' ? ref.current?.close() : undefined);
  return (
    <dialog ref={ref} className="modal" aria-labelledby={id}>
      <div className="modal-box w-[446px] max-w-[92vw]">
        <p id={id} className="text-base font-medium">
          {text}
        </p>
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={close}>
            {cancel}
          </button>
          <button type="button" className="btn btn-primary" onClick={onConfirm}>
            {confirm}
          </button>
        </div>
      </div>
    </dialog>
  );
});

/** The page again with `done` set (its status line), after a change the page shows. */
export function reloadWith(done: string): void {
  const next = new URL(window.location.href);
  next.searchParams.set('done', done);
  window.location.assign(next.toString());
}
