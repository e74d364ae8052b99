import { useState } from 'react';
import { ApiError, apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { showToast } from '@/stores/toast';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import FormAlert from '../shared/FormAlert';
import { useConfirm } from '../shared/use-confirm';

/** Cancels one of the reader's event registrations after asking once; a refusal (deadline passed, paid meanwhile) is shown beside the button. */
export default function CancelRegistration({
  locale,
  registrationId,
  number,
  event,
}: {
  locale: Locale;
  registrationId: number;
  number: string;
  event: string;
}) {
  const t = getT(locale);
  const confirm = useConfirm();
  const [refusal, setRefusal] = useState<string | null>(null);

  const cancel = () =>
    confirm.run(
      async () => {
        confirm.close();
        setRefusal(null);
        await apiPost('/api/amsw0306/cancel', { registrationId }, { suppressErrorToast: true });
        showToast({ message: t('events:mine.cancelled'), type: 'success' });
        window.location.reload();
      },
      (error) => setRefusal(error instanceof ApiError ? error.message : String(error)),
    );

  return (
    <div className="space-y-2">
      <button
        type="button"
        className="btn btn-outline btn-sm"
        disabled={confirm.pending}
        aria-label={t('events:mine.cancelOf', { number })}
        onClick={confirm.open}
      >
        {t('events:mine.cancel')}
      </button>
      <FormAlert message={refusal} />
      <ConfirmDialog
        ref={confirm.ref}
        text={t('events:mine.cancelConfirm', { number, event })}
        cancel={t('events:mine.keep')}
        confirm={t('events:mine.cancel')}
        danger
        busy={confirm.pending}
        onConfirm={() => void cancel()}
      />
    </div>
  );
}
