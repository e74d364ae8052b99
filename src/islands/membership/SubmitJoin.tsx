import { apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import FormAlert from '../shared/FormAlert';
import IslandForm from '../shared/IslandForm';
import { AgreeTerms, useAgreeTerms } from './document-slots';
import { useSendApplication } from './use-send-application';

interface Props {
  locale: Locale;
  memberClassId: number;
  documents: { key: string; fileId: number }[];
}

/** The last step of joining: accept the terms and send; a second press while sending does nothing. */
export default function SubmitJoin({ locale, memberClassId, documents }: Props) {
  const t = getT(locale);
  const { busy, alert, setAlert, send } = useSendApplication(locale);
  const terms = useAgreeTerms(locale, setAlert);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (terms.missing()) return;
    void send(() =>
      apiPost('/api/amsw0401/join', { memberClassId, documents, agreeTerms: true }, { suppressErrorToast: true }),
    );
  };

  return (
    <IslandForm onSubmit={submit} busy={busy}>
      <FormAlert message={alert} />
      <AgreeTerms {...terms.box} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? t('account:common.submitting') : t('membership:join.submit')}
      </button>
    </IslandForm>
  );
}
