import { useState } from 'react';
import { apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';

interface Props {
  locale: Locale;
  orderId: number;
  label?: string;
}

/**
 * Starts a payment: the server makes a new attempt and the encrypted form, which the browser
 * posts to the gateway (the gateway refuses a post from a server). Pressed twice, it sends once.
 */
export default function PayOrder({ locale, orderId, label }: Props) {
  const t = getT(locale);
  const [busy, setBusy] = useState(false);

  const pay = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const { action, fields } = await apiPost<{ action: string; fields: Record<string, string> }>(
        '/api/amsw0501/pay',
        {
          orderId,
        },
      );
      const form = document.createElement('form');
      form.method = 'post';
      form.action = action;
      form.setAttribute('data-astro-reload', '');
      for (const [name, value] of Object.entries(fields)) {
        const input = document.createElement('input');
        input.type = 'hidden';
        input.name = name;
        input.value = value;
        form.append(input);
      }
      document.body.append(form);
      form.submit();
    } catch {
      setBusy(false);
    }
  };

  return (
    <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void pay()}>
      {busy ? t('membership:application.paying') : (label ?? t('membership:application.pay'))}
    </button>
  );
}
