import type { Locale } from '@/lib/locales';
import { handleSessionExpired } from '@/stores/session';

const TOKEN_INVALID = -8;
const UPLOAD_TIMEOUT_MS = 180_000;

/** A failed upload: the envelope's message in the reader's language, or the caller's fallback. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly code: number | null = null,
  ) {
    super(message);
  }
}

/**
 * Posts a multipart form to an API path, telling how far the upload has gone (0 to 1), and
 * answers the envelope's data (`fetch` cannot tell upload progress; XMLHttpRequest can). A
 * session that has ended is handled as every API call handles it.
 */
export function uploadForm<T>(
  path: string,
  form: FormData,
  locale: Locale,
  fallback: string,
  onProgress: (done: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Lang', locale);
    xhr.responseType = 'json';
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const envelope = xhr.response as { code?: number; message?: string; data?: T } | null;
      if (xhr.status === 200 && envelope?.code === 0) {
        resolve(envelope.data as T);
        return;
      }
      if (envelope?.code === TOKEN_INVALID) handleSessionExpired();
      reject(new UploadError(envelope?.message || fallback, envelope?.code ?? null));
    };
    xhr.onerror = () => reject(new UploadError(fallback));
    xhr.ontimeout = () => reject(new UploadError(fallback));
    xhr.send(form);
  });
}
