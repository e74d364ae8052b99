import { useRef, useState } from 'react';
import { ApiError, apiPost, REQUEST_FAILED } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { useHydrated } from '../shared/use-hydrated';

interface Props {
  locale: Locale;
  orderId: number;
  label?: string;
  /** The order has an ATM or store code that may still be paid (shown beside the button). */
  codeOpen?: boolean;
}

type MpgForm = { action: string; fields: Record<string, string> };

/** Whether the server refused because a code for the order may still be paid. */
const isCodeOpen = (error: unknown) =>
  error instanceof ApiError && (error.data as { reason?: unknown } | null)?.reason === 'codeOpen';

/**
 * Starts a payment: the server makes a new attempt and the encrypted form, which the browser
 * posts to the gateway (the gateway refuses a post from a server). Pressed twice, it sends once.
 * With an ATM or store code still open (known to the page, or told by the server), it first says
 * that paying now would pay twice, and pays only if the member chooses to cancel the code.
 */
export default function PayOrder({ locale, orderId, label, codeOpen = false }: Props) {
  const t = getT(locale);
  const hydrated = useHydrated();
  const busy = useRef(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = `pay-order-${orderId}-code`;

  const pay = async (cancelCode: boolean) => {
    if (busy.current) return;
    busy.current = true;
    setSending(true);
    setError(null);
    dialog.current?.close();
    try {
      const { action, fields } = await apiPost<MpgForm>(
        '/api/amsw0501/pay',
        cancelCode ? { orderId, cancelCode } : { orderId },
        { suppressErrorToast: true },
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
    } catch (failure) {
      busy.current = false;
      setSending(false);
      // A code issued since the page was shown (another tab): ask, as for a code the page knew of.
      if (isCodeOpen(failure)) dialog.current?.showModal();
      else
        setError(
          failure instanceof ApiError && failure.message !== REQUEST_FAILED
            ? failure.message
            : t('payments:code.failed'),
        );
    }
  };

  const start = () => {
    if (busy.current) return;
    if (codeOpen) dialog.current?.showModal();
    else void pay(false);
  };

  return (
    <>
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
      <button type="button" className="btn btn-primary" disabled={!hydrated || sending} onClick={start}>
        {sending ? t('membership:application.paying') : (label ?? t('membership:application.pay'))}
      </button>
      <dialog ref={dialog} className="modal" aria-labelledby={titleId}>
        <div className="modal-box w-[446px] max-w-[92vw]">
          <h2 id={titleId} className="text-lg font-semibold">
            {t('payments:code.askTitle')}
          </h2>
          <p className="mt-2">{t('payments:code.ask')}</p>
          <div className="modal-action flex-wrap">
            <button type="button" className="btn btn-ghost" onClick={() => dialog.current?.close()}>
              {t('payments:code.keep')}
            </button>
            <button type="button" className="btn btn-primary" onClick={() => void pay(true)}>
              {t('payments:code.cancelAndPay')}
            </button>
          </div>
        </div>
      </dialog>
    </>
  );
}
