import { useRef, useState } from 'react';
import { apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { secondFactorCodeBody } from '@/lib/schemas/staff';
import FormAlert from '../shared/FormAlert';
import IslandForm from '../shared/IslandForm';
import { useForm } from '../shared/use-form';
import CodeField from './CodeField';
import RecoveryCodes from './RecoveryCodes';

/** New recovery codes for a fresh code from the app; shown once, then the page again. */
export default function RenewRecoveryCodes({ locale }: { locale: Locale }) {
  const t = getT(locale);
  const [open, setOpen] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const form = useForm({
    schema: secondFactorCodeBody,
    initial: { code: '' },
    labels: { code: t('staff:factor.code') },
    t,
  });

  if (codes)
    return (
      <RecoveryCodes t={t} codes={codes} done={t('staff:factor.codesDone')} onDone={() => window.location.reload()} />
    );
  if (!open)
    return (
      <div>
        <button ref={opener} type="button" className="btn btn-outline" onClick={() => setOpen(true)}>
          {t('staff:factor.renewTitle')}
        </button>
      </div>
    );

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    await form.submit(async ({ code }) => {
      const result = await apiPost<{ recoveryCodes: string[] }>(
        '/api/amsw1101/secondFactor/recoveryCodes',
        { code },
        { suppressErrorToast: true },
      );
      setCodes(result.recoveryCodes);
    });
  };
  return (
    <IslandForm onSubmit={onSubmit} busy={form.submitting}>
      <p className="text-sm">{t('staff:factor.renewIntro')}</p>
      <FormAlert message={form.formError} />
      <CodeField
        t={t}
        value={String(form.values.code)}
        onChange={(v) => form.set('code', v)}
        onBlur={() => form.touch('code')}
        error={form.errorOf('code')}
      />
      <div className="flex gap-2">
        <button type="submit" className="btn btn-primary" disabled={form.submitting} aria-busy={form.submitting}>
          {t('staff:factor.renew')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => setOpen(false)}>
          {t('staff:roles.cancel')}
        </button>
      </div>
    </IslandForm>
  );
}
