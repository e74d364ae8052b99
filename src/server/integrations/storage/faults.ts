/**
 * The file store could not keep bytes for a reason an operator must fix (DESIGN.md §17): it is
 * full (ENOSPC, EDQUOT; a bucket's 507 or quota) or cannot be written (EROFS, EACCES, EPERM; a
 * bucket's access refused: s3.ts). The endpoint answers it with
 * HTTP 507 and -997 in the reader's language, not as an unexpected failure; the storage has
 * removed whatever it had begun to write.
 */
export type StorageFaultKind = 'full' | 'readOnly';

const KIND_OF_ERRNO: Record<string, StorageFaultKind> = {
  ENOSPC: 'full',
  EDQUOT: 'full',
  EROFS: 'readOnly',
  EACCES: 'readOnly',
  EPERM: 'readOnly',
};

const NAME = 'StorageFault';

export class StorageFault extends Error {
  override readonly name = NAME;
  constructor(
    readonly kind: StorageFaultKind,
    cause: unknown,
  ) {
    super(`The file storage is ${kind === 'full' ? 'full' : 'not writable'}`, { cause });
  }
}

/** The fault `error` stands for, or `error` itself when it is not one of the store's faults. */
export function asStorageFault(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  const kind = typeof code === 'string' ? KIND_OF_ERRNO[code] : undefined;
  return kind ? new StorageFault(kind, error) : error;
}

/**
 * Whether `error` is a `StorageFault`, by its name and kind: the storage is built in the front's
 * bundle and the endpoints live in Astro's (runtime.ts), so `instanceof` would not see it.
 */
export function isStorageFault(error: unknown): error is StorageFault {
  const e = error as { name?: unknown; kind?: unknown } | null;
  return e?.name === NAME && (e.kind === 'full' || e.kind === 'readOnly');
}
