import { apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { showToast } from '@/stores/toast';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { useConfirm } from '../shared/use-confirm';

/** Withdraws an open application after asking once (an organisation's course through its own `endpoint`). */
export default function CancelApplication({
  locale,
  applicationId,
  endpoint = '/api/amsw0401/cancel',
}: {
  locale: Locale;
  applicationId: number;
  endpoint?: '/api/amsw0401/cancel' | '/api/amsw0603/cancel';
}) {
  const t = getT(locale);
  const confirm = useConfirm();

  const cancel = () =>
    confirm.run(async () => {
      confirm.close();
      await apiPost(endpoint, { applicationId });
      showToast({ message: t('membership:application.cancelled'), type: 'success' });
      window.location.reload();
    });

  return (
    <>
      <button type="button" className="btn btn-outline" disabled={confirm.pending} onClick={confirm.open}>
        {t('membership:application.cancel')}
      </button>
      <ConfirmDialog
        ref={confirm.ref}
        text={t('membership:application.cancelConfirm')}
        cancel={t('membership:application.keep')}
        confirm={t('membership:application.cancel')}
        onConfirm={() => void cancel()}
      />
    </>
  );
}
