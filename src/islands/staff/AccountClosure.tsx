import { apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import ReasonDialog from './ReasonDialog';

interface Props {
  locale: Locale;
  accountId: number;
  name: string;
  closed: boolean;
}

/** Closes an account, or reopens a closed one, with a reason, after a confirmation; then the page again. */
export default function AccountClosure({ locale, accountId, name, closed }: Props) {
  const t = getT(locale);
  const c = (key: string, values: Record<string, string> = {}) => t(`staff:people.close.${key}`, values);
  return (
    <ReasonDialog
      id={`close-${accountId}`}
      opener={{ text: c(closed ? 'reopen' : 'close'), className: 'btn btn-outline btn-sm' }}
      title={c(closed ? 'reopenTitle' : 'closeTitle', { name })}
      text={c(closed ? 'reopenBody' : 'closeBody')}
      cancel={t('staff:people.correct.cancel')}
      confirm={c(closed ? 'reopen' : 'close')}
      working={c('working')}
      danger={!closed}
      reason={{ label: c('reason'), missing: t('account:validation.reason') }}
      send={(reason) =>
        apiPost('/api/amsw1101/people/close', { accountId, close: !closed, reason }, { suppressErrorToast: true })
      }
    />
  );
}
