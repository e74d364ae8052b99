import { useState } from 'react';
import { ApiError, apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { localePath } from '@/lib/paths';
import type { DeskJournal } from '@/lib/schemas/journal-desk';
import FormAlert from '../shared/FormAlert';
import { useHydrated } from '../shared/use-hydrated';
import MoveButtons, { useRefocus } from './MoveButtons';

/**
 * The journals in the order the public journal pages list them: each moves up or down with a
 * button (focus stays on the button pressed, the new place is announced), shows whether it is
 * hidden and how many volumes it has, and opens its page.
 */
export default function JournalsDesk({ locale, journals: initial }: { locale: Locale; journals: DeskJournal[] }) {
  const t = getT(locale);
  const j = (key: string, values: Record<string, string | number> = {}) => t(`contentDesk:journals.${key}`, values);
  const [journals, setJournals] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const refocus = useRefocus(journals);
  const hydrated = useHydrated();
  const name = (journal: DeskJournal) => (locale === 'en-us' && journal.nameEn) || journal.nameZh;

  const move = async (journal: DeskJournal, direction: 'up' | 'down') => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await apiPost<{ journals: DeskJournal[] }>(
        '/api/amsw1101/content/journals/move',
        { journalListId: journal.journalListId, direction },
        { suppressErrorToast: true },
      );
      refocus.current = `journal-${direction}-${journal.journalListId}`;
      setJournals(answer.journals);
      const place = answer.journals.findIndex((x) => x.journalListId === journal.journalListId) + 1;
      setStatus(t('contentDesk:order.moved', { title: name(journal), place }));
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  if (journals.length === 0) return <p className="rounded-box bg-base-200 p-4">{j('empty')}</p>;
  return (
    <div className="space-y-2">
      <p className="sr-only" role="status" aria-live="polite">
        {status}
      </p>
      <FormAlert message={error} />
      <ol className="space-y-2">
        {journals.map((journal, i) => (
          <li
            key={journal.journalListId}
            className="flex flex-col gap-2 rounded-box border border-base-300 p-3 sm:flex-row sm:items-center"
          >
            <div className="min-w-0 flex-1">
              <a
                className="link font-medium break-words"
                href={localePath(`/staff/content/journals/${journal.journalListId}`, locale)}
              >
                {name(journal)}
              </a>{' '}
              {!journal.visible && <span className="badge badge-ghost badge-sm">{j('hidden')}</span>}
              <p className="text-sm text-base-content/70">
                {j('volumesCount', { count: journal.volumes.length })}
                {journal.volumes[0] &&
                  ` · ${j('volumes.heading', { volume: journal.volumes[0].volume, year: journal.volumes[0].year })}`}
              </p>
            </div>
            <MoveButtons
              locale={locale}
              idPrefix="journal"
              id={journal.journalListId}
              title={name(journal)}
              index={i}
              count={journals.length}
              disabled={!hydrated}
              busy={busy}
              onMove={(direction) => void move(journal, direction)}
            />
          </li>
        ))}
      </ol>
    </div>
  );
}
