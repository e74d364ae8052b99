import { useState } from 'react';
import { ApiError, apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { showToast } from '@/stores/toast';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { useConfirm } from '../shared/use-confirm';

interface Props {
  locale: Locale;
  accountId: number;
  name: string;
  email: string;
}

/** Mails an account without a password its first-sign-in link, after a confirmation. */
export default function FirstSignInLink({ locale, accountId, name, email }: Props) {
  const t = getT(locale);
  const confirm = useConfirm({ again: true });
  const busy = confirm.pending;
  const [sent, setSent] = useState(false);

  const send = () =>
    confirm.run(
      async () => {
        await apiPost('/api/amsw1101/people/invite', { accountId }, { suppressErrorToast: true });
        confirm.close();
        setSent(true);
        showToast({ message: t('staff:people.invite.sent', { email }), type: 'success' });
      },
      (error) => {
        confirm.close();
        showToast({ message: error instanceof ApiError ? error.message : String(error), type: 'error' });
      },
    );

  return (
    <div>
      <button type="button" className="btn btn-outline btn-sm" onClick={confirm.open}>
        {t(sent ? 'staff:people.invite.again' : 'staff:people.invite.send')}
      </button>
      {sent && (
        <p role="status" className="mt-1 text-sm">
          {t('staff:people.invite.sent', { email })}
        </p>
      )}
      <ConfirmDialog
        ref={confirm.ref}
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
