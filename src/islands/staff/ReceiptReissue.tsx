import { apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import ReasonDialog from './ReasonDialog';

interface Props {
  locale: Locale;
  orderId: number;
  receiptNo: string;
}

/** Issues a new receipt for an order whose receipt was voided, after a confirmation; then the page again. */
export default function ReceiptReissue({ locale, orderId, receiptNo }: Props) {
  const t = getT(locale);
  const v = (key: string, values: Record<string, string> = {}) => t(`money:orders.reissue.${key}`, values);
  return (
    <ReasonDialog
      id={`reissue-${orderId}`}
      className="mt-1"
      opener={{ text: v('button'), label: v('buttonFor', { number: receiptNo }), className: 'btn btn-outline btn-xs' }}
      title={v('title', { number: receiptNo })}
      text={v('body', { number: receiptNo })}
      cancel={v('cancel')}
      confirm={v('button')}
      working={v('working')}
      send={() => apiPost('/api/amsw1101/money/receipts/reissue', { orderId }, { suppressErrorToast: true })}
    />
  );
}
