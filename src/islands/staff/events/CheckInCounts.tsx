import { useEffect, useState } from 'react';
import { apiGet } from '@/client/api';
import { getT } from '@/i18n';
import { formatDay } from '@/lib/format';
import type { Locale } from '@/lib/locales';

export interface SessionCount {
  sessionId: number;
  title: string;
  day: string;
  checkedIn: number;
  checkedOut: number;
  admitted: number;
}

interface Props {
  locale: Locale;
  eventId: number;
  /** The counts the page was drawn with. */
  sessions: SessionCount[];
  at: string;
  /** Whether to ask again (the event has not ended a day ago). */
  live: boolean;
}

/** How often the counts are asked for while the page is in view. */
const POLL_MS = 10_000;

/**
 * Check-ins per session, as the doors record them: asked for again every 10 s while the page is
 * visible (not while it is hidden in another tab), and at once when it comes back into view.
 */
export default function CheckInCounts({ locale, eventId, sessions: initial, at: initialAt, live }: Props) {
  const t = getT(locale);
  const [sessions, setSessions] = useState(initial);
  const [at, setAt] = useState(initialAt);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!live) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const ask = async () => {
      try {
        const next = await apiGet<{ at: string; sessions: SessionCount[] }>('/api/amsw1101/events/checkIns', {
          query: { eventId },
          suppressErrorToast: true,
        });
        setSessions(next.sessions);
        setAt(next.at);
        setFailed(false);
      } catch {
        setFailed(true);
      }
      schedule();
    };
    const schedule = () => {
      clearTimeout(timer);
      if (!stopped && document.visibilityState === 'visible') timer = setTimeout(() => void ask(), POLL_MS);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void ask();
      else clearTimeout(timer);
    };
    document.addEventListener('visibilitychange', onVisibility);
    schedule();
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [eventId, live]);

  if (sessions.length === 0) return <p>{t('eventDesk:checkIns.none')}</p>;
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'medium', timeZone: 'Asia/Taipei' }).format(new Date(at));
  return (
    <div>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3" aria-describedby="check-in-at">
        {sessions.map((s) => (
          <li key={s.sessionId} className="rounded-box bg-base-200 p-3">
            <p className="font-medium">{s.title}</p>
            <p className="text-xs text-base-content/70">{formatDay(s.day, locale)}</p>
            <p className="mt-1 tabular-nums" data-session={s.sessionId}>
              {t('eventDesk:checkIns.counts', { in: s.checkedIn, admitted: s.admitted })}
            </p>
            {s.checkedOut > 0 && (
              <p className="text-sm tabular-nums">{t('eventDesk:checkIns.out', { out: s.checkedOut })}</p>
            )}
          </li>
        ))}
      </ul>
      {/* Not a live region: the counts change every few seconds, which a screen reader would read out each time. */}
      <p id="check-in-at" className="mt-2 text-xs text-base-content/70">
        {t('eventDesk:checkIns.at', { time })}
      </p>
      {failed && <p className="text-sm text-error">{t('eventDesk:checkIns.failed')}</p>}
    </div>
  );
}
