import { apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import FormAlert from '../shared/FormAlert';
import IslandForm from '../shared/IslandForm';
import { useSendApplication } from './use-send-application';

/**
 * The keys a page may give as the button's words. They are named here because the browser loads
 * an island's translations by the namespaces its own code names (scripts/vite-island-messages.mjs).
 */
type SubmitLabel = 'membership:extension.submit';

interface Props {
  locale: Locale;
  /** The flow's endpoint, answering the new application. */
  endpoint: string;
  /** The button's words (a translation key, one of those the browser loads for this island). */
  label: SubmitLabel;
}

/**
 * Sends a member's application that needs nothing more than a press (a renewal), then shows its
 * result page; a second press while sending does nothing.
 */
export default function SubmitFlow({ locale, endpoint, label }: Props) {
  const t = getT(locale);
  const { busy, alert, send } = useSendApplication(locale);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    void send(() => apiPost(endpoint, {}, { suppressErrorToast: true }));
  };

  return (
    <IslandForm onSubmit={submit} busy={busy}>
      <FormAlert message={alert} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? t('account:common.submitting') : t(label)}
      </button>
    </IslandForm>
  );
}
