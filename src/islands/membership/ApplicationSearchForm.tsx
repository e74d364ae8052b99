import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { apiPost } from '@/client/api';
import { getT } from '@/i18n';
import { formatDateTime } from '@/lib/format';
import type { Locale } from '@/lib/locales';
import { localePath } from '@/lib/paths';
import { applicationSearchBody } from '@/lib/schemas/membership';
import CaptchaField, { useCaptcha } from '../shared/CaptchaField';
import EmailField from '../shared/EmailField';
import Field from '../shared/Field';
import FormAlert from '../shared/FormAlert';
import IslandForm from '../shared/IslandForm';
import { useForm } from '../shared/use-form';

// The captcha is solved by the browser and sent along; empty fields ask to be filled in.
const formSchema = z.object({
  number: z.string().trim().min(1).pipe(applicationSearchBody.shape.number),
  email: z.string().trim().min(1).pipe(applicationSearchBody.shape.email),
});

interface Found {
  number: string;
  title: string;
  state: string;
  updatedAt: string;
}

/** Looks up an application by its number and e-mail address, for an applicant who cannot sign in. */
export default function ApplicationSearchForm({ locale }: { locale: Locale }) {
  const t = getT(locale);
  const captcha = useCaptcha();
  const [found, setFound] = useState<Found | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useForm({
    schema: formSchema,
    initial: { number: '', email: '' },
    labels: { number: t('membership:search.number'), email: t('membership:search.email') },
    t,
  });

  useEffect(() => {
    if (found) heading.current?.focus();
  }, [found]);

  const onSubmit = async (event: React.SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    await form.submit(async (values) => {
      setFound(
        await captcha.send((fields) =>
          apiPost<Found>('/api/amsw0401/search', { ...values, ...fields }, { suppressErrorToast: true }),
        ),
      );
    });
  };

  if (found) {
    return (
      <div className="space-y-4">
        <section role="status" className="rounded-box border border-base-300 p-4">
          <h2 ref={heading} tabIndex={-1} className="mb-2 text-lg font-semibold outline-none">
            {found.title}
          </h2>
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold">{t('membership:application.number')}</dt>
            <dd className="font-mono">{found.number}</dd>
            <dt className="font-semibold">{t('membership:application.state')}</dt>
            <dd>{t(`membership:states.${found.state}`)}</dd>
            <dt className="font-semibold">{t('membership:search.lastChange')}</dt>
            <dd>{formatDateTime(found.updatedAt, locale)}</dd>
          </dl>
          <p className="mt-2 text-sm">{t(`membership:application.stateHelp.${found.state}`, { defaultValue: '' })}</p>
        </section>
        <p className="text-sm">
          {t('membership:search.signInForMore')}{' '}
          <a className="link" href={localePath('/login', locale)}>
            {t('membership:join.signIn')}
          </a>
        </p>
        <button type="button" className="btn btn-ghost" onClick={() => setFound(null)}>
          {t('membership:search.again')}
        </button>
      </div>
    );
  }

  return (
    <IslandForm onSubmit={onSubmit} busy={form.submitting}>
      <FormAlert message={form.formError} />
      <Field
        {...form.field('number')}
        label={t('membership:search.number')}
        hint={t('membership:search.numberHint')}
        autoComplete="off"
        spellCheck={false}
        required
        maxLength={20}
      />
      <EmailField form={form} t={t} label={t('membership:search.email')} />
      <CaptchaField t={t} captcha={captcha} />
      <button type="submit" className="btn btn-primary w-full" disabled={form.submitting}>
        {form.submitting ? t('account:common.submitting') : t('membership:search.submit')}
      </button>
    </IslandForm>
  );
}
