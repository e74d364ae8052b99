import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { secondFactorCodeBody } from '@/lib/schemas/staff';
import FormAlert from '../shared/FormAlert';
import IslandForm from '../shared/IslandForm';
import { useForm } from '../shared/use-form';
import CodeField from './CodeField';

/**
 * A change made with a fresh code from the app: its intro, its own choices (`children`), the code
 * and the button (saying `working` while it is sent; Cancel beside it given `onCancel`). `send`
 * makes the change with the code; the code field is emptied once it is made.
 */
export default function FreshCodeForm({
  t,
  intro,
  label,
  submit,
  working,
  onCancel,
  send,
  children,
}: {
  t: TFunction;
  intro?: string;
  /** The code's label, where it names what the code is for. */
  label?: string;
  submit: string;
  working?: string;
  onCancel?: () => void;
  send: (code: string) => Promise<unknown>;
  children?: ReactNode;
}) {
  const form = useForm({
    schema: secondFactorCodeBody,
    initial: { code: '' },
    labels: { code: label ?? t('staff:factor.code') },
    t,
  });
  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    await form.submit(async ({ code }) => {
      await send(code);
      form.set('code', '');
    });
  };
  const button = (
    <button type="submit" className="btn btn-primary" disabled={form.submitting} aria-busy={form.submitting}>
      {form.submitting && working ? working : submit}
    </button>
  );
  return (
    <IslandForm onSubmit={onSubmit} busy={form.submitting}>
      {intro && <p className="text-sm">{intro}</p>}
      <FormAlert message={form.formError} />
      {children}
      <CodeField
        t={t}
        label={label}
        value={String(form.values.code)}
        onChange={(v) => form.set('code', v)}
        onBlur={() => form.touch('code')}
        error={form.errorOf('code')}
      />
      {onCancel ? (
        <div className="flex flex-wrap gap-2">
          {button}
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            {t('staff:roles.cancel')}
          </button>
        </div>
      ) : (
        button
      )}
    </IslandForm>
  );
}
