import { useRef, useState } from 'react';
import { ApiError, apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import FormAlert from '../shared/FormAlert';
import { useHydrated } from '../shared/use-hydrated';
import { ConfirmDialog, reloadWith } from '../shared/ConfirmDialog';

type Action = 'resend' | 'revoke';

/**
 * The editor's actions on one assignment: mail a new link, or take the review back; each asked
 * once more, sent once per press, then the page reloads with what changed.
 */
export default function AssignmentActions({
  locale,
  paperId,
  assignmentId,
  reviewerName,
  canResend,
}: {
  locale: Locale;
  paperId: number;
  assignmentId: number;
  reviewerName: string;
  canResend: boolean;
}) {
  const t = getT(locale);
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  const [asking, setAsking] = useState<Action>('resend');
  const [busy, setBusy] = useState<Action | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  // One request per press, however fast the second one comes.
  const sending = useRef(false);

  const ask = (action: Action) => {
    if (busy) return;
    setAsking(action);
    dialog.current?.showModal();
  };
  const run = async () => {
    dialog.current?.close();
    if (sending.current) return;
    sending.current = true;
    const action = asking;
    setBusy(action);
    setAlert(null);
    try {
      await apiPost(`/api/amsw0801/${action}`, { paperId, assignmentId }, { suppressErrorToast: true });
      reloadWith(action === 'resend' ? 'resent' : 'revoked');
    } catch (error) {
      setAlert(error instanceof ApiError ? error.message : t('errors:-999'));
      sending.current = false;
      setBusy(null);
    }
  };
  const label = (action: Action) =>
    busy === action ? t('papers:review.assignments.working') : t(`papers:review.assignments.${action}`);

  return (
    <div className="space-y-2" aria-busy={busy !== null}>
      <FormAlert message={alert} />
      <div className="flex flex-col items-start gap-2 md:items-stretch">
        {(canResend ? (['resend', 'revoke'] as const) : (['revoke'] as const)).map((action) => (
          <button
            key={action}
            type="button"
            className="btn btn-sm btn-outline whitespace-nowrap"
            disabled={!hydrated || busy !== null}
            onClick={() => ask(action)}
          >
            {busy === action && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            {label(action)}
          </button>
        ))}
      </div>
      <ConfirmDialog
        ref={dialog}
        text={t(
          asking === 'resend' ? 'papers:review.assignments.confirmResend' : 'papers:review.assignments.confirmRevoke',
          { name: reviewerName },
        )}
        cancel={t('papers:review.assignments.cancel')}
        confirm={t(`papers:review.assignments.${asking}`)}
        onConfirm={() => void run()}
      />
    </div>
  );
}
