import { useRef, useState } from 'react';
import { ApiError, apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { showToast } from '@/stores/toast';
import { ConfirmDialog } from '../shared/ConfirmDialog';

interface Props {
  locale: Locale;
  accountId: number;
  name: string;
  email: string;
}

/** Mails an account without a password its first-sign-in link, after a confirmation. */
export default function FirstSignInLink({ locale, accountId, name, email }: Props) {
  const t = getT(locale);
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  const send = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await apiPost('/api/amsw1101/people/invite', { accountId }, { suppressErrorToast: true });
      dialog.current?.close();
      setSent(true);
      showToast({ message: t('staff:people.invite.sent', { email }), type: 'success' });
    } catch (error) {
      dialog.current?.close();
      showToast({ message: error instanceof ApiError ? error.message : String(error), type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <button type="button" className="btn btn-outline btn-sm" onClick={() => dialog.current?.showModal()}>
        {t(sent ? 'staff:people.invite.again' : 'staff:people.invite.send')}
      </button>
      {sent && (
        <p role="status" className="mt-1 text-sm">
          {t('staff:people.invite.sent', { email })}
        </p>
      )}
      <ConfirmDialog
        ref={dialog}
        title={t('staff:people.invite.title', { name })}
        text={t('staff:people.invite.body', { email })}
        cancel={t('staff:people.correct.cancel')}
        confirm={busy ? t('staff:people.invite.sending') : t('staff:people.invite.send')}
        onConfirm={() => void send()}
        busy={busy}
      />
    </div>
  );
}
