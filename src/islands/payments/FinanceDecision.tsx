import type { ReactNode } from 'react';

/**
 * A finance decision in its queue item: once made, what it did (`done`, a status; `warn` when it
 * needs more from finance); before, the last try's failure above the decision's fields.
 */
export default function FinanceDecision({
  done,
  warn = false,
  error,
  children,
}: {
  done: string | null;
  warn?: boolean;
  error: string | null;
  children: ReactNode;
}) {
  if (done !== null)
    return (
      <p role="status" className={`alert text-sm ${warn ? 'alert-warning' : 'alert-success'}`}>
        {done}
      </p>
    );
  return (
    <div className="flex min-w-0 flex-col gap-2">
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
      {children}
    </div>
  );
}
