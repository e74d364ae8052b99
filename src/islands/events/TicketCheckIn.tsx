import { useState } from 'react';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import type { DoorSession } from '@/lib/schemas/door';
import { useHydrated } from '../shared/use-hydrated';
import { postScan, ScanAnswer, SessionSelect, type Shown } from './DoorParts';

/**
 * On a ticket's page, for door staff of its event (a phone's own camera app opens the QR there):
 * check this ticket in to a session, with the same answer the check-in page gives.
 */
export default function TicketCheckIn({
  locale,
  eventId,
  registrationId,
  sessions,
  initialSessionId,
}: {
  locale: Locale;
  /** The event staff name; absent for a door link's phone. */
  eventId?: number;
  registrationId: number;
  sessions: Pick<DoorSession, 'sessionId' | 'title' | 'day' | 'startMinute' | 'endMinute'>[];
  initialSessionId: number;
}) {
  const t = getT(locale);
  const hydrated = useHydrated();
  const [sessionId, setSessionId] = useState(initialSessionId);
  const [shown, setShown] = useState<Shown | null>(null);
  const [busy, setBusy] = useState(false);

  const checkIn = async () => {
    setBusy(true);
    setShown(
      await postScan(locale, {
        ...(eventId === undefined ? {} : { eventId }),
        sessionId,
        direction: 'in',
        registrationId,
      }),
    );
    setBusy(false);
  };

  return (
    <section className="space-y-3" aria-labelledby="ticket-door-title">
      <h2 id="ticket-door-title" className="text-lg font-bold">
        {t('door:title')}
      </h2>
      <SessionSelect
        locale={locale}
        sessions={sessions}
        value={sessionId}
        disabled={!hydrated}
        onChange={setSessionId}
      />
      <button
        type="button"
        className="btn btn-primary btn-lg w-full"
        disabled={!hydrated || busy}
        onClick={() => void checkIn()}
      >
        {t('door:manual.in')}
      </button>
      <ScanAnswer locale={locale} shown={shown} />
    </section>
  );
}
