import type { ErrorCodeValue } from '../../lib/error-codes';

/** A business outcome that is not success; services throw it, server/http answers it. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCodeValue,
    readonly data: unknown = null,
    /** A more precise message than the code's own: a key of the `errors` namespace and its values. */
    readonly reason?: { key: string; values?: Record<string, string | number> },
  ) {
    super(`AppError ${code}${reason ? ` (${reason.key})` : ''}`);
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
