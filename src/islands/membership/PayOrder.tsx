import { useState } from 'react';
import { ApiError, apiPost, REQUEST_FAILED } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { useConfirm } from '../shared/use-confirm';
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
  const [error, setError] = useState<string | null>(null);
  const confirm = useConfirm();

  const pay = (cancelCode: boolean) =>
    confirm.run(
      async () => {
        setError(null);
        confirm.close();
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
      },
      (failure) => {
        // A code issued since the page was shown (another tab): ask, as for a code the page knew of.
        if (isCodeOpen(failure)) confirm.open();
        else
          setError(
            failure instanceof ApiError && failure.message !== REQUEST_FAILED
              ? failure.message
              : t('payments:code.failed'),
          );
      },
    );

  const start = () => {
    if (confirm.pending) return;
    if (codeOpen) confirm.open();
    else void pay(false);
  };

  return (
    <>
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
      <button type="button" className="btn btn-primary" disabled={!hydrated || confirm.pending} onClick={start}>
        {confirm.pending ? t('membership:application.paying') : (label ?? t('membership:application.pay'))}
      </button>
      <ConfirmDialog
        ref={confirm.ref}
        title={t('payments:code.askTitle')}
        text={t('payments:code.ask')}
        cancel={t('payments:code.keep')}
        confirm={t('payments:code.cancelAndPay')}
        onConfirm={() => void pay(true)}
      />
    </>
  );
}
