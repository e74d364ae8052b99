import { useEffect, useRef, useState, type FormEvent } from 'react';
import { apiGet, apiPost } from '@/client/api';
import { getT } from '@/i18n';
import { formatDateTime } from '@/lib/format';
import type { Locale } from '@/lib/locales';
import type { CheckInDirection } from '@/lib/registrations/door-code';
import type { DoorOverview, DoorSearchRow } from '@/lib/schemas/door';
import { useHydrated } from '../shared/use-hydrated';
import { failure, postScan, ScanAnswer, SessionSelect, type Shown } from './DoorParts';

/** Refresh the counts this often, so several doors see each other's scans. */
const REFRESH_MS = 30_000;
/** The same code read again by the camera within this time is the same ticket still in view. */
const SAME_CODE_MS = 4_000;

/**
 * The check-in page's one island (decision record 041): the session and direction, the camera,
 * a field for the ticket's address or number, a search for a lost ticket, the answer shown big
 * and announced, and the counts of the session.
 */
export default function DoorCheckIn({
  locale,
  eventId,
  overview,
  initialSessionId,
}: {
  locale: Locale;
  /** The event staff named; absent for a door link, which always checks in its own. */
  eventId?: number;
  overview: DoorOverview;
  initialSessionId: number;
}) {
  const t = getT(locale);
  const hydrated = useHydrated();
  const [sessions, setSessions] = useState(overview.sessions);
  const [sessionId, setSessionId] = useState(initialSessionId);
  const [direction, setDirection] = useState<CheckInDirection>('in');
  const [shown, setShown] = useState<Shown | null>(null);
  /** The scan just made, which staff may undo. */
  const [lastMade, setLastMade] = useState<{
    sessionId: number;
    direction: CheckInDirection;
    registrationId: number;
    at: string | null;
  } | null>(null);
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState('');
  const [q, setQ] = useState('');
  const [found, setFound] = useState<DoorSearchRow[] | null>(null);
  const [camera, setCamera] = useState<'off' | 'starting' | 'on' | 'unavailable' | 'denied'>('off');
  const video = useRef<HTMLVideoElement>(null);
  const stopCamera = useRef<(() => void) | null>(null);
  const lastCode = useRef({ text: '', at: 0 });
  const answerBox = useRef<HTMLDivElement>(null);

  const session = sessions.find((s) => s.sessionId === sessionId) ?? sessions[0]!;
  const canOut = session.needsCheckOut;
  const scanDirection: CheckInDirection = canOut ? direction : 'in';
  const query = eventId === undefined ? {} : { eventId };

  useEffect(() => {
    const refresh = () =>
      void apiGet<DoorOverview>('/api/amsw0307', { query, suppressErrorToast: true })
        .then((fresh) => setSessions(fresh.sessions))
        .catch(() => {});
    const timer = setInterval(refresh, REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => () => stopCamera.current?.(), []);

  /** Moves the counts and the search rows by a scan made (`by` 1) or undone (`by` -1). */
  const tally = (
    made: { sessionId: number; direction: CheckInDirection; registrationId: number; at: string | null },
    by: 1 | -1,
  ) => {
    const [count, time] =
      made.direction === 'in' ? (['checkedIn', 'inAt'] as const) : (['checkedOut', 'outAt'] as const);
    setSessions((list) => list.map((s) => (s.sessionId === made.sessionId ? { ...s, [count]: s[count] + by } : s)));
    setFound(
      (rows) =>
        rows?.map((r) => (r.registrationId === made.registrationId ? { ...r, [time]: by > 0 ? made.at : null } : r)) ??
        null,
    );
  };

  const scan = async (what: { code: string } | { registrationId: number }) => {
    setBusy(true);
    setLastMade(null);
    const result = await postScan(locale, {
      ...query,
      sessionId: session.sessionId,
      direction: scanDirection,
      ...what,
    });
    setShown(result);
    setBusy(false);
    answerBox.current?.scrollIntoView?.({ block: 'nearest' });
    const answer = 'answer' in result ? result.answer : null;
    if ((answer?.result !== 'checkedIn' && answer?.result !== 'checkedOut') || !answer.registration) return;
    const made = {
      sessionId: session.sessionId,
      direction: answer.result === 'checkedIn' ? ('in' as const) : ('out' as const),
      registrationId: answer.registration.registrationId,
      at: answer.at,
    };
    tally(made, 1);
    setLastMade(made);
  };

  /** Staff undo the scan just made (a door link cannot). */
  const undo = async () => {
    if (!lastMade || eventId === undefined) return;
    setBusy(true);
    try {
      const { at: _at, ...scanMade } = lastMade;
      await apiPost('/api/amsw0307/undo', { eventId, ...scanMade }, { suppressErrorToast: true });
      tally(lastMade, -1);
      setLastMade(null);
      setShown({ note: t('door:undone') });
    } catch (error) {
      setShown(failure(locale, error));
    } finally {
      setBusy(false);
    }
  };

  const onManual = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') return;
    void scan({ code }).then(() => setCode(''));
  };

  const onSearch = async (event: FormEvent) => {
    event.preventDefault();
    if (q.trim() === '') return;
    setBusy(true);
    try {
      setFound(
        await apiGet<DoorSearchRow[]>('/api/amsw0307/search', {
          query: { ...query, sessionId: session.sessionId, q: q.trim() },
          suppressErrorToast: true,
        }),
      );
    } catch (error) {
      setShown(failure(locale, error));
    } finally {
      setBusy(false);
    }
  };

  const toggleCamera = async () => {
    if (stopCamera.current) {
      stopCamera.current();
      stopCamera.current = null;
      setCamera('off');
      return;
    }
    setCamera('starting');
    try {
      const { startQrCamera } = await import('./qr-camera');
      stopCamera.current = await startQrCamera(video.current!, (text) => {
        const now = Date.now();
        if (text === lastCode.current.text && now - lastCode.current.at < SAME_CODE_MS) return;
        lastCode.current = { text, at: now };
        void scan({ code: text });
      });
      setCamera('on');
    } catch (error) {
      const denied = error instanceof DOMException && error.name === 'NotAllowedError';
      setCamera(denied ? 'denied' : 'unavailable');
    }
  };

  return (
    <div className="space-y-5">
      <div className="card border-base-300 bg-base-100 border">
        <div className="card-body gap-3 p-4">
          <SessionSelect
            locale={locale}
            sessions={sessions}
            value={session.sessionId}
            disabled={!hydrated}
            onChange={(id) => {
              setSessionId(id);
              setFound(null);
            }}
          />
          {canOut && (
            <fieldset className="flex flex-wrap items-center gap-4">
              <legend className="mb-1 font-semibold">{t('door:direction')}</legend>
              {(['in', 'out'] as const).map((d) => (
                <label key={d} className="flex cursor-pointer items-center gap-2">
                  <input
                    type="radio"
                    className="radio"
                    name="door-direction"
                    value={d}
                    checked={direction === d}
                    disabled={!hydrated}
                    onChange={() => setDirection(d)}
                  />
                  <span>{d === 'in' ? t('door:in') : t('door:out')}</span>
                </label>
              ))}
            </fieldset>
          )}
          <p className="text-lg font-semibold" data-testid="door-counts">
            {canOut
              ? t('door:counts', { in: session.checkedIn, out: session.checkedOut })
              : t('door:countsIn', { in: session.checkedIn })}
          </p>
        </div>
      </div>

      <ScanAnswer ref={answerBox} locale={locale} shown={shown} />
      {eventId !== undefined && lastMade && (
        <button type="button" className="btn btn-outline w-full" disabled={busy} onClick={() => void undo()}>
          {t('door:undo')}
        </button>
      )}

      <div className="space-y-2">
        <button
          type="button"
          className="btn btn-primary btn-lg w-full"
          disabled={!hydrated || camera === 'starting'}
          aria-pressed={camera === 'on'}
          onClick={() => void toggleCamera()}
        >
          {camera === 'on' ? t('door:camera.stop') : t('door:camera.start')}
        </button>
        <video
          ref={video}
          className={camera === 'on' ? 'bg-base-300 aspect-square w-full rounded object-cover' : 'hidden'}
          aria-label={t('door:camera.video')}
          muted
          playsInline
        />
        {camera === 'unavailable' && <p className="alert alert-info">{t('door:camera.unavailable')}</p>}
        {camera === 'denied' && <p className="alert alert-info">{t('door:camera.denied')}</p>}
      </div>

      <form className="space-y-2" onSubmit={onManual}>
        <label className="form-control w-full">
          <span className="label-text font-semibold">{t('door:manual.label')}</span>
          <input
            className="input input-bordered w-full"
            name="code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={code}
            maxLength={2000}
            aria-describedby="door-code-hint"
            onChange={(e) => setCode(e.target.value)}
          />
        </label>
        <p id="door-code-hint" className="text-base-content/80 text-sm">
          {t('door:manual.hint')}
        </p>
        <button type="submit" className="btn btn-primary w-full" disabled={!hydrated || busy}>
          {scanDirection === 'in' ? t('door:manual.in') : t('door:manual.out')}
        </button>
      </form>

      <section className="space-y-2" aria-labelledby="door-search-title">
        <h2 id="door-search-title" className="text-lg font-bold">
          {t('door:search.title')}
        </h2>
        <form className="flex flex-wrap items-end gap-2" role="search" onSubmit={(e) => void onSearch(e)}>
          <label className="form-control min-w-0 flex-1">
            <span className="label-text font-semibold">{t('door:search.label')}</span>
            <input
              className="input input-bordered w-full"
              type="search"
              name="q"
              autoComplete="off"
              maxLength={60}
              value={q}
              onChange={(e) => setQ(e.target.value)}
            />
          </label>
          <button type="submit" className="btn" disabled={!hydrated || busy}>
            {t('door:search.submit')}
          </button>
        </form>
        {found && found.length === 0 && <p>{t('door:search.none')}</p>}
        {found && found.length > 0 && (
          <ul className="divide-base-300 divide-y" aria-label={t('door:search.results')} data-testid="door-found">
            {found.map((r) => (
              <li key={r.registrationId} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <div className="min-w-0">
                  <p className="font-semibold break-words">{r.holder}</p>
                  <p className="text-base-content/80 text-sm">
                    <span className="font-mono">{r.number}</span> · {r.ticketType} ·{' '}
                    {t(`door:search.states.${r.state}`)}
                  </p>
                  {r.inAt && (
                    <p className="text-sm">{t('door:search.inAt', { time: formatDateTime(r.inAt, locale) })}</p>
                  )}
                  {r.outAt && (
                    <p className="text-sm">{t('door:search.outAt', { time: formatDateTime(r.outAt, locale) })}</p>
                  )}
                </div>
                <button
                  type="button"
                  className="btn btn-sm btn-primary"
                  disabled={!hydrated || busy}
                  aria-label={
                    scanDirection === 'in'
                      ? t('door:search.inOf', { name: r.holder, number: r.number })
                      : t('door:search.outOf', { name: r.holder, number: r.number })
                  }
                  onClick={() => void scan({ registrationId: r.registrationId })}
                >
                  {scanDirection === 'in' ? t('door:search.in') : t('door:search.out')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
