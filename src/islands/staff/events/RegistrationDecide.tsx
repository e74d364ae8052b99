import { apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import ReasonDialog from '../ReasonDialog';

interface Props {
  locale: Locale;
  registrationId: number;
  /** The registration's number and the person's name, for the buttons' names and the question. */
  number: string;
  name: string;
  /** Only rejecting is offered (a person waiting may be rejected, not approved). */
  rejectOnly?: boolean;
}

/** Approves or rejects a registration awaiting approval, each after a confirmation; then the page again. */
export default function RegistrationDecide({ locale, registrationId, number, name, rejectOnly = false }: Props) {
  const t = getT(locale);
  const d = (key: string) => t(`eventDesk:decide.${key}`, { number, name });
  const send = (decision: 'approve' | 'reject') =>
    apiPost('/api/amsw1101/events/decide', { registrationId, decision }, { suppressErrorToast: true });
  return (
    <div className="mt-1 flex flex-wrap gap-2">
      {!rejectOnly && (
        <ReasonDialog
          id={`approve-${registrationId}`}
          opener={{ text: d('approve'), label: d('approveFor'), className: 'btn btn-primary btn-xs' }}
          title={d('approveTitle')}
          text={d('approveBody')}
          cancel={d('cancel')}
          confirm={d('approve')}
          working={d('working')}
          send={() => send('approve')}
        />
      )}
      <ReasonDialog
        id={`reject-${registrationId}`}
        opener={{ text: d('reject'), label: d('rejectFor'), className: 'btn btn-outline btn-error btn-xs' }}
        title={d('rejectTitle')}
        text={d('rejectBody')}
        cancel={d('cancel')}
        confirm={d('reject')}
        working={d('working')}
        danger
        send={() => send('reject')}
      />
    </div>
  );
}
