import { z } from 'zod';
import { ApiError, apiPost } from '@/client/api';
import { navigate } from '@/client/navigation';
import { getT } from '@/i18n';
import { formatAmount } from '@/lib/format';
import { taipeiDate } from '@/lib/calendar-date';
import type { Locale } from '@/lib/locales';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import Field from '../shared/Field';
import FormAlert from '../shared/FormAlert';
import IslandForm from '../shared/IslandForm';
import { useConfirm } from '../shared/use-confirm';
import { useForm } from '../shared/use-form';

interface Props {
  locale: Locale;
  orderId: number;
  /** The order's amount in NT$: the amount to transfer. */
  amount: number;
  /** The day the order was made (Taipei): no transfer for it is earlier. */
  orderedOn: string;
  /** The page to show once the transfer is reported (a locale path): the one the form is on. */
  returnTo: string;
}

const fields = z.object({
  transferDate: z.string().min(1),
  amount: z.string().min(1),
  accountLast5: z.string().min(1),
});

/**
 * The payer reports a bank transfer for an order: its day, the amount and the paying account's
 * last five digits, checked here as the server checks them again. Pressed twice, it sends once;
 * then the page it is on shows the report awaiting finance. When the server says the order has an
 * ATM or store code still open, it says (as "Pay now" does) that paying the code too would pay
 * twice, and reports the transfer only if the payer confirms.
 */
export default function RemittanceForm({ locale, orderId, amount, orderedOn, returnTo }: Props) {
  const t = getT(locale);
  const today = taipeiDate();
  const form = useForm({
    schema: fields,
    initial: { transferDate: '', amount: String(amount), accountLast5: '' },
    labels: {
      transferDate: t('payments:remittance.transferDate'),
      amount: t('payments:remittance.amount'),
      accountLast5: t('payments:remittance.accountLast5'),
    },
    t,
    extraCheck: (v) => ({
      ...(v.transferDate && !/^\d{4}-\d{2}-\d{2}$/.test(v.transferDate)
        ? { transferDate: t('payments:remittance.errors.date') }
        : v.transferDate > today
          ? { transferDate: t('errors:transferInFuture') }
          : v.transferDate && v.transferDate < orderedOn
            ? { transferDate: t('errors:transferBeforeOrder') }
            : {}),
      ...(v.amount && Number(v.amount) !== amount
        ? { amount: t('errors:transferAmount', { amount: formatAmount(amount) }) }
        : {}),
      ...(v.accountLast5 && !/^\d{5}$/.test(v.accountLast5)
        ? { accountLast5: t('payments:remittance.errors.last5') }
        : {}),
    }),
  });

  const confirm = useConfirm();

  const send = async (despiteCode: boolean) => {
    confirm.close();
    await form.submit(async (values) => {
      try {
        await apiPost(
          '/api/amsw0501/remittance',
          {
            orderId,
            transferDate: values.transferDate,
            amount: Number(values.amount),
            accountLast5: values.accountLast5,
            ...(despiteCode ? { despiteCode } : {}),
          },
          { suppressErrorToast: true },
        );
      } catch (failure) {
        if (!(failure instanceof ApiError) || (failure.data as { reason?: unknown } | null)?.reason !== 'codeOpen')
          throw failure;
        confirm.open();
        return;
      }
      navigate(returnTo);
    });
  };

  const onSubmit = async (event: React.SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    await send(false);
  };

  return (
    <IslandForm onSubmit={onSubmit} busy={form.submitting}>
      <FormAlert message={form.formError} />
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          {...form.field('transferDate')}
          type="date"
          label={t('payments:remittance.transferDate')}
          min={orderedOn}
          max={today}
          required
        />
        <Field
          {...form.field('amount')}
          label={t('payments:remittance.amount')}
          hint={t('payments:remittance.amountHint')}
          inputMode="numeric"
          autoComplete="off"
          required
          onChange={(v) => form.set('amount', v.trim())}
        />
        <Field
          {...form.field('accountLast5')}
          label={t('payments:remittance.accountLast5')}
          hint={t('payments:remittance.accountLast5Hint')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={5}
          required
          onChange={(v) => form.set('accountLast5', v.trim())}
        />
      </div>
      <button type="submit" className="btn btn-primary" disabled={form.submitting}>
        {form.submitting ? t('account:common.submitting') : t('payments:remittance.submit')}
      </button>
      <ConfirmDialog
        ref={confirm.ref}
        title={t('payments:code.transferAskTitle')}
        text={t('payments:code.transferAsk')}
        cancel={t('payments:code.keep')}
        confirm={t('payments:code.reportAnyway')}
        onConfirm={() => void send(true)}
      />
    </IslandForm>
  );
}
