import { useState } from 'react';
import { useConfirm } from '../shared/use-confirm';

/**
 * A change confirmed in a dialog with a fresh code from the app (the dialog's `CodeField` takes
 * `field`): `ask` opens it about one thing with the code empty, `send` makes the change once however
 * often pressed and says a refusal below the code. `again` as for `useConfirm`.
 */
export function useCodeConfirm<P>({ again = false }: { again?: boolean } = {}) {
  const confirm = useConfirm({ again });
  const [about, setAbout] = useState<P | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const ask = (next: P) => {
    setAbout(next);
    setCode('');
    setError(undefined);
    confirm.open();
  };
  const send = async (action: (about: P, code: string) => Promise<unknown>, failed?: (error: unknown) => void) => {
    if (about === null) return;
    await confirm.run(
      () => action(about, code),
      (caught) => {
        setError(caught instanceof Error ? caught.message : String(caught));
        failed?.(caught);
      },
    );
  };
  const field = {
    value: code,
    onChange: (value: string) => {
      setCode(value);
      setError(undefined);
    },
    error,
  };
  return { ref: confirm.ref, close: confirm.close, pending: confirm.pending, about, ask, send, field };
}
