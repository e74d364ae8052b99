import { useState } from 'react';
import { apiPost } from '@/client/api';
import { getT } from '@/i18n';
import { formatAmount } from '@/lib/format';
import type { Locale } from '@/lib/locales';
import ReasonDialog from '../ReasonDialog';

interface Props {
  locale: Locale;
  registrationId: number;
  /** The registration's number and the person's name, for the button's name and the question. */
  number: string;
  name: string;
  /** NT$ it paid (0: nothing to refund), and what the event's refund rule gives back today. */
  paid: number;
  byRule: number;
}

/**
 * Cancels an active registration from the desk after a confirmation: a paid one with the refund
 * due, the rule's amount unless another (0 to what was paid) is typed; then the page again.
 */
export default function RegistrationCancel({ locale, registrationId, number, name, paid, byRule }: Props) {
  const t = getT(locale);
  const d = (key: string, values: Record<string, string> = {}) =>
    t(`eventDesk:cancel.${key}`, { number, name, ...values });
  const id = `cancel-${registrationId}`;
  const [refund, setRefund] = useState(String(byRule));

  const check = () => {
    if (paid === 0) return null;
    const n = Number(refund);
    if (refund.trim() === '' || !Number.isInteger(n) || n < 0 || n > paid)
      return { field: 'refund', text: d('refundRange', { paid: formatAmount(paid) }) };
    return null;
  };

  return (
    <ReasonDialog
      id={id}
      className="mt-1"
      opener={{ text: d('button'), label: d('buttonFor'), className: 'btn btn-outline btn-error btn-xs' }}
      title={d('title')}
      text={paid > 0 ? d('bodyPaid', { paid: formatAmount(paid), byRule: formatAmount(byRule) }) : d('body')}
      cancel={d('keep')}
      confirm={d('confirm')}
      working={d('working')}
      danger
      check={check}
      send={() =>
        apiPost(
          '/api/amsw1101/events/cancel',
          paid > 0 ? { registrationId, refund: Number(refund) } : { registrationId },
          { suppressErrorToast: true },
        )
      }
    >
      {(marked) =>
        paid > 0 && (
          <label className="flex flex-col text-sm font-medium">
            {d('refund')}
            <input
              id={`${id}-refund`}
              className="input input-bordered w-full font-normal"
              type="number"
              inputMode="numeric"
              min={0}
              max={paid}
              step={1}
              value={refund}
              required
              {...marked('refund')}
              onChange={(e) => setRefund(e.target.value)}
            />
          </label>
        )
      }
    </ReasonDialog>
  );
}
