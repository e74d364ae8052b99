import { forwardRef, type ReactNode, useId } from 'react';

/**
 * A confirm dialog (daisyUI modal, 446 px wide): opened with `showModal()` on its ref, it keeps
 * focus inside until closed and gives it back to the control that opened it. Labelled by its
 * title (or its text when it has none) and described by its text; `children` go between the text
 * and the buttons (a reason to give). `danger` draws the confirming button as a warning; `busy`
 * disables both buttons and says the action is under way.
 */
export const ConfirmDialog = forwardRef<
  HTMLDialogElement,
  {
    title?: string;
    text: string;
    cancel: string;
    confirm: string;
    onConfirm: () => void;
    children?: ReactNode;
    danger?: boolean;
    busy?: boolean;
  }
>(function ConfirmDialog({ title, text, cancel, confirm, onConfirm, children, danger, busy }, ref) {
  const id = useId();
  const close = () => (ref && typeof ref === 'object' ? ref.current?.close() : undefined);
  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={title ? `${id}-title` : `${id}-text`}
      aria-describedby={title ? `${id}-text` : undefined}
    >
      <div className="modal-box w-[446px] max-w-[92vw] space-y-3">
        {title && (
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {title}
          </h2>
        )}
        <p id={`${id}-text`} className={title ? 'text-sm' : 'text-base font-medium'}>
          {text}
        </p>
        {children}
        <div className="modal-action flex-wrap">
          <button type="button" className="btn btn-ghost" disabled={busy} onClick={close}>
            {cancel}
          </button>
          <button
            type="button"
            className={danger ? 'btn btn-error' : 'btn btn-primary'}
            disabled={busy}
            aria-busy={busy}
            onClick={onConfirm}
          >
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
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
