import type { ErrorCodeValue } from '../lib/error-codes';

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

/**
 * For pages: a business refusal from a service (an unknown or unpublished id, a bad preview
 * token) becomes null, so the page shows its not-found answer; any other failure still fails.
 */
export async function orNotFound<T>(pending: Promise<T>): Promise<T | null> {
  try {
    return await pending;
  } catch (error) {
    if (isAppError(error)) return null;
    throw error;
  }
}
