import { apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import ReasonDialog from './ReasonDialog';

interface Props {
  locale: Locale;
  statementId: number;
  line: number;
}

/**
 * A statement line that matches no reported transfer: finance keeps it as money received and not
 * applied, or marks it as not the society's, with a note; once, after a confirmation; then the page again.
 */
export default function StatementLineDecide({ locale, statementId, line }: Props) {
  const t = getT(locale);
  const s = (key: string) => t(`money:statement.stored.${key}`, { line: String(line) });
  const dialog = (outcome: 'kept' | 'notOurs') => (
    <ReasonDialog
      id={`statement-${statementId}-${line}-${outcome}`}
      opener={{ text: s(`${outcome}.button`), label: s(`${outcome}.buttonFor`), className: 'btn btn-outline btn-xs' }}
      title={s(`${outcome}.title`)}
      text={s(`${outcome}.body`)}
      cancel={s('cancel')}
      confirm={s(`${outcome}.button`)}
      working={s('working')}
      reason={{ label: s('note'), missing: s('noteMissing') }}
      send={(note) =>
        apiPost(
          '/api/amsw1101/money/statement/line',
          { statementId, line, outcome, note },
          { suppressErrorToast: true },
        )
      }
    />
  );
  return (
    <div className="flex flex-wrap gap-1">
      {dialog('kept')}
      {dialog('notOurs')}
    </div>
  );
}
