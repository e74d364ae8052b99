import { useCallback, useEffect, useRef, useState } from 'react';
import { apiPut } from '@/client/api';
import { currentLocale } from '@/client/locale';
import type { PaperDraftBody } from '@/lib/schemas/papers';

export type SaveState =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: string } | { kind: 'failed'; error: unknown };

const PATH = '/api/amsw0701/paper';
/** How long after the last change the draft is saved. */
export const SAVE_DELAY_MS = 1500;
/** A `keepalive` request's body must stay under 64 KiB; a larger draft is saved the usual way. */
const KEEPALIVE_MAX_BYTES = 60_000;

/**
 * Saves a paper's draft as the author types: `changed()` after each change starts a 1.5 s wait,
 * and the draft (`body()`, read when sent) goes when it ends; at once, with `keepalive`, when the
 * tab is hidden. One request at a time: a change made while one is on its way is saved after it.
 * `flush()` saves what is not saved yet and answers whether everything is.
 */
export function useAutosave(
  body: () => PaperDraftBody,
  onRefused: (error: unknown) => void,
  /** When the draft was last saved, before this page. */
  savedAt: string,
) {
  const [state, setState] = useState<SaveState>({ kind: 'saved', at: savedAt });
  const version = useRef(0);
  const saved = useRef(0);
  const running = useRef<Promise<boolean> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const bodyRef = useRef(body);
  bodyRef.current = body;
  const refusedRef = useRef(onRefused);
  refusedRef.current = onRefused;

  const stopTimer = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };

  const flush = useCallback((): Promise<boolean> => {
    stopTimer();
    if (running.current) {
      // Saved again once the request on its way is answered.
      return running.current.then(() => (version.current === saved.current ? true : flush()));
    }
    if (version.current === saved.current) return Promise.resolve(true);
    const run = (async () => {
      while (version.current !== saved.current) {
        const sending = version.current;
        setState({ kind: 'saving' });
        try {
          const answer = await apiPut<{ savedAt: string }>(PATH, bodyRef.current(), { suppressErrorToast: true });
          saved.current = sending;
          setState({ kind: 'saved', at: answer.savedAt });
        } catch (error) {
          setState({ kind: 'failed', error });
          refusedRef.current(error);
          return false;
        }
      }
      return true;
    })();
    running.current = run;
    void run.finally(() => {
      running.current = null;
    });
    return run;
  }, []);

  const changed = useCallback(() => {
    version.current += 1;
    stopTimer();
    timer.current = setTimeout(() => void flush(), SAVE_DELAY_MS);
  }, [flush]);

  useEffect(() => {
    const hidden = () => {
      if (document.visibilityState !== 'hidden' || version.current === saved.current || running.current) return;
      const text = JSON.stringify(bodyRef.current());
      if (new Blob([text]).size > KEEPALIVE_MAX_BYTES) {
        void flush();
        return;
      }
      stopTimer();
      const sending = version.current;
      setState({ kind: 'saving' });
      const run = fetch(PATH, {
        method: 'PUT',
        body: text,
        keepalive: true,
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Lang: currentLocale() },
      })
        .then((response) => response.json() as Promise<{ code: number; data: { savedAt: string } }>)
        .then((envelope) => {
          if (envelope.code !== 0) throw new Error(String(envelope.code));
          saved.current = Math.max(saved.current, sending);
          setState({ kind: 'saved', at: envelope.data.savedAt });
          return true;
        })
        .catch((error: unknown) => {
          setState({ kind: 'failed', error });
          return false;
        });
      running.current = run;
      void run.finally(() => {
        running.current = null;
        // Typed again while it was on its way: saved the usual way.
        if (version.current !== saved.current && document.visibilityState === 'visible') changed();
      });
    };
    document.addEventListener('visibilitychange', hidden);
    return () => {
      document.removeEventListener('visibilitychange', hidden);
      stopTimer();
    };
  }, [flush, changed]);

  return { state, changed, flush, dirty: () => version.current !== saved.current };
}
