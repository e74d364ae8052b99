import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { localePath } from '@/lib/paths';
import { sendEmailBody } from '@/lib/schemas/account';
import type { UserType } from '@/stores/session';
import CaptchaField, { useCaptcha } from '../shared/CaptchaField';
import EmailField from '../shared/EmailField';
import FormAlert from '../shared/FormAlert';
import { useForm } from '../shared/use-form';
import UserTypeChoice from './UserTypeChoice';
import IslandForm from '../shared/IslandForm';

interface Props {
  locale: Locale;
  initialUserType: UserType;
}

// An empty address asks to be filled in rather than called invalid.
// In the form's order, so the first field needing attention gets the focus.
// The captcha is solved by the browser and sent along.
const formSchema = z.object({
  email: z.string().trim().min(1).pipe(sendEmailBody.shape.email),
});

/**
 * Asks for a reset link. The answer is the same whether or not the address has an account, so
 * the form never tells who is registered.
 */
export default function ForgotPasswordForm({ locale, initialUserType }: Props) {
  const t = getT(locale);
  const [userType, setUserType] = useState<UserType>(initialUserType);
  const captcha = useCaptcha();
  const [sent, setSent] = useState<{ minutes: number } | null>(null);
  const sentHeading = useRef<HTMLHeadingElement>(null);
  const form = useForm({
    schema: formSchema,
    initial: { email: '' },
    labels: { email: t('account:fields.email') },
    t,
  });

  useEffect(() => {
    if (sent) sentHeading.current?.focus();
  }, [sent]);

  const onSubmit = async (event: React.SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    await form.submit(async (values) => {
      const result = await captcha.send((fields) =>
        apiPost<{ validMinutes: number }>(
          '/api/amsw0102/email',
          { ...values, ...fields, purpose: 'reset', userType },
          { suppressErrorToast: true },
        ),
      );
      setSent({ minutes: result.validMinutes });
    });
  };

  const loginHref = localePath(userType === 'organ' ? '/login?type=organ' : '/login', locale);

  if (sent) {
    return (
      <div className="space-y-4">
        <div role="status" className="rounded-box border border-success/40 bg-success/10 p-4">
          <h2 ref={sentHeading} tabIndex={-1} className="mb-1 font-semibold outline-none">
            {t('password:forgot.sentTitle')}
          </h2>
          <p className="text-sm">{t('account:forgot.sent', { minutes: sent.minutes })}</p>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <a className="btn btn-primary" href={loginHref}>
            {t('account:forgot.back')}
          </a>
          <button type="button" className="btn btn-ghost" onClick={() => setSent(null)}>
            {t('password:forgot.useAnotherEmail')}
          </button>
        </div>
      </div>
    );
  }

  return (
    <IslandForm onSubmit={onSubmit} busy={form.submitting}>
      <p className="text-sm">{t('account:forgot.intro')}</p>
      <UserTypeChoice t={t} value={userType} onChange={setUserType} />
      <FormAlert message={form.formError} />
      <EmailField form={form} t={t} hint={userType === 'organ' ? t('password:forgot.organHint') : undefined} />
      <CaptchaField t={t} captcha={captcha} />
      <button type="submit" className="btn btn-primary w-full" disabled={form.submitting}>
        {form.submitting ? t('account:common.submitting') : t('account:forgot.submit')}
      </button>
      <p className="text-sm">
        <a className="link" href={loginHref}>
          {t('account:forgot.back')}
        </a>
      </p>
    </IslandForm>
  );
}
