import type { FormEventHandler, ReactNode } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * The form of every island: validated by the island (noValidate), busy while it submits, and
 * disabled until hydrated — rendered on the server before its handlers exist, a choice or press
 * made then would be lost or sent as a plain form.
 */
export default function IslandForm({
  onSubmit,
  busy,
  className = 'space-y-4',
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  busy: boolean;
  className?: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={busy}>
      <fieldset disabled={!hydrated} className={`min-w-0 ${className}`}>
        {children}
      </fieldset>
    </form>
  );
}
