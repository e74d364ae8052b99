import { useRef, useState } from 'react';

/**
 * A confirm dialog's ref, its opening and closing, and its one pending state. `run` sends once
 * however often pressed: pending from the press until the action fails (then `failed` is told),
 * and after it succeeds too (the page is leaving, or the island shows what was done) unless
 * `again` lets the action be confirmed once more.
 */
export function useConfirm({ again = false }: { again?: boolean } = {}) {
  const ref = useRef<HTMLDialogElement>(null);
  const pressed = useRef(false);
  const [pending, setPending] = useState(false);
  const release = () => {
    pressed.current = false;
    setPending(false);
  };
  const run = async (action: () => Promise<unknown>, failed?: (error: unknown) => void) => {
    if (pressed.current) return;
    pressed.current = true;
    setPending(true);
    try {
      await action();
      if (again) release();
    } catch (error) {
      release();
      failed?.(error);
    }
  };
  return {
    ref,
    pending,
    open: () => ref.current?.showModal(),
    close: () => ref.current?.close(),
    run,
  };
}
