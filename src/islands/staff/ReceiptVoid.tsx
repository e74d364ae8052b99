import { apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import ReasonDialog from './ReasonDialog';

interface Props {
  locale: Locale;
  orderId: number;
  receiptNo: string;
}

/** Voids an order's receipt with a reason, after a confirmation; then the page again. */
export default function ReceiptVoid({ locale, orderId, receiptNo }: Props) {
  const t = getT(locale);
  const v = (key: string, values: Record<string, string> = {}) => t(`money:orders.void.${key}`, values);
  return (
    <ReasonDialog
      id={`void-${orderId}`}
      className="mt-1"
      opener={{
        text: v('button'),
        label: v('buttonFor', { number: receiptNo }),
        className: 'btn btn-outline btn-error btn-xs',
      }}
      title={v('title', { number: receiptNo })}
      text={v('body')}
      cancel={v('cancel')}
      confirm={v('button')}
      working={v('working')}
      danger
      reason={{ label: v('reason'), missing: v('reasonMissing') }}
      send={(reason) => apiPost('/api/amsw1101/money/receipts/void', { orderId, reason }, { suppressErrorToast: true })}
    />
  );
}
