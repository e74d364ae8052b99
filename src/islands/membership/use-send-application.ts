import { useState } from 'react';
import { ApiError } from '@/client/api';
import { navigate } from '@/client/navigation';
import { getT } from '@/i18n';
import { applicationResultPath } from '@/lib/applications/result-path';
import type { Locale } from '@/lib/locales';

/**
 * Sends an application (new or changed) and opens its result page. `send` ignores a second press
 * while one is on its way; a refusal is shown in `alert` and the form can be sent again.
 */
export function useSendApplication(locale: Locale) {
  const t = getT(locale);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);

  const send = async (request: () => Promise<{ applicationId: number; type: string; form?: unknown }>) => {
    if (busy) return;
    setBusy(true);
    setAlert(null);
    try {
      const app = await request();
      navigate(applicationResultPath({ id: app.applicationId, type: app.type, form: app.form }, locale));
    } catch (error) {
      setAlert(error instanceof ApiError ? error.message : t('errors:-999'));
      setBusy(false);
    }
  };

  return { busy, alert, setAlert, send };
}
