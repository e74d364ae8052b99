import { useState } from 'react';
import { apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { isTaiwanBusinessNumber } from '@/lib/validators/tw-id';
import ReasonDialog, { type Marked } from './ReasonDialog';

interface Props {
  locale: Locale;
  orderId: number;
  receiptNo: string;
  /** Whom the voided receipt was made out to: the new one starts from it. */
  payer: { nameZh: string; nameEn: string; taxId: string | null } | null;
}

/**
 * Issues a new receipt for an order whose receipt was voided, after a confirmation: a receipt is
 * voided mostly to correct whom it is made out to, so the dialog takes the title (Chinese and
 * English) and the business number, starting from the voided receipt's; then the page again.
 */
export default function ReceiptReissue({ locale, orderId, receiptNo, payer }: Props) {
  const t = getT(locale);
  const id = `reissue-${orderId}`;
  const v = (key: string, values: Record<string, string> = {}) => t(`money:orders.reissue.${key}`, values);
  const [nameZh, setNameZh] = useState(payer?.nameZh ?? '');
  const [nameEn, setNameEn] = useState(payer?.nameEn ?? '');
  const [taxId, setTaxId] = useState(payer?.taxId ?? '');
  const number = taxId.normalize('NFKC').replace(/\s+/g, '');

  const check = () => {
    if (nameZh.trim() === '') return { field: 'nameZh', text: v('nameMissing') };
    if (number !== '' && !isTaiwanBusinessNumber(number)) return { field: 'taxId', text: v('taxIdInvalid') };
    return null;
  };

  const field = (name: 'nameZh' | 'nameEn' | 'taxId', value: string, set: (v: string) => void, marked: Marked) => (
    <label className="flex flex-col text-sm font-medium">
      {v(name)}
      <input
        id={`${id}-${name}`}
        className="input input-bordered w-full font-normal"
        value={value}
        maxLength={name === 'taxId' ? 12 : 100}
        {...(name === 'taxId' ? { inputMode: 'numeric' as const } : {})}
        required={name === 'nameZh'}
        {...marked(name)}
        onChange={(e) => set(e.target.value)}
      />
    </label>
  );

  return (
    <ReasonDialog
      id={id}
      className="mt-1"
      opener={{ text: v('button'), label: v('buttonFor', { number: receiptNo }), className: 'btn btn-outline btn-xs' }}
      title={v('title', { number: receiptNo })}
      text={v('body', { number: receiptNo })}
      cancel={v('cancel')}
      confirm={v('button')}
      working={v('working')}
      check={check}
      send={() =>
        apiPost(
          '/api/amsw1101/money/receipts/reissue',
          { orderId, payer: { nameZh, nameEn, ...(number ? { taxId: number } : {}) } },
          { suppressErrorToast: true },
        )
      }
    >
      {(marked) => (
        <>
          {field('nameZh', nameZh, setNameZh, marked)}
          {field('nameEn', nameEn, setNameEn, marked)}
          {field('taxId', taxId, setTaxId, marked)}
        </>
      )}
    </ReasonDialog>
  );
}
