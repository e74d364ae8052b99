import { useId, useState } from 'react';
import { apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { showToast } from '@/stores/toast';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { useConfirm } from '../shared/use-confirm';

/**
 * Withdraws a paper after asking once, in a labelled modal dialog (focus kept inside while it is
 * open and given back to the button when it closes) with an optional reason.
 */
export default function WithdrawPaper({ locale, paperId }: { locale: Locale; paperId: number }) {
  const t = getT(locale);
  const [reason, setReason] = useState('');
  const confirm = useConfirm();
  const busy = confirm.pending;
  const id = useId();

  const withdraw = () =>
    confirm.run(async () => {
      await apiPost('/api/amsw0701/withdraw', { paperId, reason });
      showToast({ message: t('papers:author.withdraw.done'), type: 'success' });
      window.location.reload();
    });

  return (
    <>
      <button type="button" className="btn btn-outline" disabled={busy} onClick={confirm.open}>
        {t('papers:author.withdraw.button')}
      </button>
      <ConfirmDialog
        ref={confirm.ref}
        title={t('papers:author.withdraw.title')}
        text={t('papers:author.withdraw.body')}
        cancel={t('papers:author.withdraw.keep')}
        confirm={busy ? t('papers:author.withdraw.working') : t('papers:author.withdraw.confirm')}
        onConfirm={() => void withdraw()}
        danger
        busy={busy}
      >
        <div className="flex flex-col">
          <label htmlFor={`${id}-reason`} className="mb-1 text-sm font-medium">
            {t('papers:author.withdraw.reason')}
          </label>
          <textarea
            id={`${id}-reason`}
            className="textarea textarea-bordered w-full"
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
      </ConfirmDialog>
    </>
  );
}
