import { useCallback, useEffect, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { ApiError, apiGet } from '@/client/api';
import { type CaptchaChallenge, encodeCaptchaPayload, MAX_CAPTCHA_LEVEL } from '@/lib/captcha';
import { ErrorCode } from '@/lib/error-codes';

/** What a form sends along: the challenge's id and the solved payload. */
export interface CaptchaFields {
  captchaId: string;
  captchaAnswer: string;
}

interface Served {
  captchaId: string;
  challenge: CaptchaChallenge;
  level: number;
  expiresAt: string;
}

export type CaptchaStatus = 'checking' | 'verified' | 'failed';

/** Renew this long before the server's expiry, so a payload is never sent stale. */
const EXPIRY_MARGIN_MS = 30_000;
/** Give up on one challenge after this long (a level-3 challenge takes a few seconds). */
const SOLVE_TIMEOUT_MS = 60_000;

/** Fetches a challenge and solves it with WebCrypto (PBKDF2), off the main thread's critical path. */
async function fetchAndSolve(level: number, controller: AbortController) {
  const served = await apiGet<Served>('/api/amsw0102/image', {
    query: level > 1 ? { level } : {},
    suppressErrorToast: true,
  });
  const solution = await solveChallenge({
    challenge: served.challenge,
    deriveKey,
    controller,
    timeout: SOLVE_TIMEOUT_MS,
  });
  if (!solution) throw new Error(controller.signal.aborted ? 'aborted' : 'captcha not solved');
  const fields: CaptchaFields = {
    captchaId: served.captchaId,
    captchaAnswer: encodeCaptchaPayload({ challenge: served.challenge, solution }),
  };
  return { fields, level: served.level, expiresAt: Date.parse(served.expiresAt) };
}

interface Job {
  promise: Promise<CaptchaFields>;
  controller: AbortController;
  /** Sent once: it works only once, the next send needs a new one. */
  used: boolean;
  failed: boolean;
}

/**
 * The proof-of-work captcha of a form: fetches a challenge and solves it in the background, with
 * nothing for the reader to do. `send` waits for the solution (a press made while it is being
 * worked out is kept), sends it, and after any failure prepares a new one; when the server asks
 * for more work (-12 with `captchaLevel`) it solves a harder challenge and sends once more.
 */
export function useCaptcha() {
  const [status, setStatus] = useState<CaptchaStatus>('checking');
  const [level, setLevel] = useState(1);
  const job = useRef<Job | null>(null);
  const levelRef = useRef(1);
  const expiry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const renew = useCallback((nextLevel?: number) => {
    if (nextLevel) levelRef.current = Math.min(MAX_CAPTCHA_LEVEL, Math.max(levelRef.current, nextLevel));
    job.current?.controller.abort();
    clearTimeout(expiry.current);
    const controller = new AbortController();
    setStatus('checking');
    setLevel(levelRef.current);
    const current: Job = { controller, used: false, failed: false, promise: Promise.resolve() as never };
    current.promise = fetchAndSolve(levelRef.current, controller).then(
      ({ fields, level: served, expiresAt }) => {
        if (job.current !== current) return fields;
        setStatus('verified');
        setLevel(served);
        // An unused solution is replaced before it expires.
        expiry.current = setTimeout(
          () => {
            if (job.current === current && !current.used) renew();
          },
          Math.max(1_000, expiresAt - Date.now() - EXPIRY_MARGIN_MS),
        );
        return fields;
      },
      (error: unknown) => {
        current.failed = true;
        if (job.current === current) setStatus('failed');
        throw error;
      },
    );
    // Nobody may be waiting yet; the failure is shown through the status.
    current.promise.catch(() => {});
    job.current = current;
  }, []);

  /** Starts the first challenge (on mount), or a new one when the last was used or failed. */
  const prepare = useCallback(() => {
    if (!job.current || job.current.used || job.current.failed) renew();
  }, [renew]);

  useEffect(
    () => () => {
      job.current?.controller.abort();
      job.current = null;
      clearTimeout(expiry.current);
    },
    [],
  );

  const take = useCallback(async (): Promise<CaptchaFields> => {
    prepare();
    const current = job.current!;
    const fields = await current.promise;
    current.used = true;
    return fields;
  }, [prepare]);

  /** Sends with a solved captcha; see the hook's description. */
  const send = useCallback(
    async <T,>(call: (fields: CaptchaFields) => Promise<T>): Promise<T> => {
      for (let attempt = 0; ; attempt++) {
        const fields = await take();
        try {
          return await call(fields);
        } catch (error) {
          const asked = harderLevel(error);
          renew(asked ?? undefined);
          if (asked && attempt === 0) continue;
          throw error;
        }
      }
    },
    [take, renew],
  );

  return { status, level, prepare, retry: renew, send };
}

export type Captcha = ReturnType<typeof useCaptcha>;

/** The level a -12 answer asks for, when it asks for more work. */
function harderLevel(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== ErrorCode.VERIFICATION_CODE) return null;
  const asked = (error.data as { captchaLevel?: unknown } | null)?.captchaLevel;
  return typeof asked === 'number' ? asked : null;
}

/**
 * Where the captcha shows itself: a line of status, read out politely ("Checking this browser…",
 * "Verified"), and a retry button when the check failed.
 */
export default function CaptchaField({ t, captcha }: { t: TFunction; captcha: Captcha }) {
  const { prepare, status, level, retry } = captcha;
  useEffect(() => prepare(), [prepare]);
  const text =
    status === 'verified'
      ? t('account:captcha.verified')
      : status === 'failed'
        ? t('account:captcha.failed')
        : level > 1
          ? t('account:captcha.checkingLonger')
          : t('account:captcha.checking');
  return (
    <div className="flex min-h-8 flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <span className="font-medium">{t('account:captcha.label')}</span>
      <p
        role="status"
        className={`flex items-center gap-2 ${status === 'failed' ? 'text-error' : 'text-base-content/80'}`}
      >
        {status === 'checking' && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        {status === 'verified' && (
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" className="fill-success">
            <path d="M6.5 11.2 3.3 8l-1 1 4.2 4.2 7.2-7.2-1-1z" />
          </svg>
        )}
        <span>{text}</span>
      </p>
      {status === 'failed' && (
        <button type="button" className="btn btn-outline btn-xs" onClick={() => retry()}>
          {t('account:captcha.retry')}
        </button>
      )}
    </div>
  );
}
