import { useState } from 'react';
import { ApiError } from '@/client/api';
import { navigate } from '@/client/navigation';
import { getT } from '@/i18n';
import { applicationResultPath } from '@/lib/applications/result-path';
import type { Locale } from '@/lib/locales';

/**
 * Sends an application (new or changed) and opens its result page. `send` ignores a second press
 * while one is on its way; a refusal is shown in `alert` and the form can be sent again — except,
 * with `fieldErrors`, a refusal that names fields, which is thrown on for the form (useForm's
 * `submit`) to mark those fields.
 */
export function useSendApplication(locale: Locale) {
  const t = getT(locale);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);

  const send = async (
    request: () => Promise<{ applicationId: number; type: string; form?: unknown }>,
    { fieldErrors = false }: { fieldErrors?: boolean } = {},
  ) => {
    if (busy) return;
    setBusy(true);
    setAlert(null);
    try {
      const app = await request();
      navigate(applicationResultPath({ id: app.applicationId, type: app.type, form: app.form }, locale));
    } catch (error) {
      setBusy(false);
      const named =
        error instanceof ApiError && ((error.data as { fields?: string[] } | null)?.fields ?? []).length > 0;
      if (fieldErrors && named) throw error;
      setAlert(error instanceof ApiError ? error.message : t('errors:-999'));
    }
  };

  return { busy, alert, setAlert, send };
}
