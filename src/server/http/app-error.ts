import type { ErrorCodeValue } from '../../lib/error-codes';

/** A business outcome that is not success; services throw it, server/http answers it. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCodeValue,
    readonly data: unknown = null,
  ) {
    super(`AppError ${code}`);
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
