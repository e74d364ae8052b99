import { useState } from 'react';
import { apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { localePath } from '@/lib/paths';
import { loginBody } from '@/lib/schemas/account';
import type { UserType } from '@/stores/session';
import CaptchaField, { useCaptcha } from '../shared/CaptchaField';
import Field from '../shared/Field';
import FormAlert from '../shared/FormAlert';
import PasswordField from '../shared/PasswordField';
import { useForm } from '../shared/use-form';
import UserTypeChoice from './UserTypeChoice';
import IslandForm from '../shared/IslandForm';
import { ACCOUNT_FAMILY, enterAccount } from './enter-account';

interface Props {
  locale: Locale;
  /** Where to go after signing in (already checked to be a path of this site). */
  redirect: string | null;
  initialUserType: UserType;
  /** The account's e-mail when the page that led here knows it (after a password reset); else empty. */
  initialAccount?: string;
}

// The captcha is solved by the browser and sent along, not typed.
const formSchema = loginBody.omit({ captchaId: true, captchaAnswer: true });

const FIRST_LOGIN: Record<UserType, string> = {
  individual: '/member/password?firstLogin=true',
  organ: '/organ/center/account/editPassword?firstLogin=true',
};

/** Sign-in for individuals and organisations; the chosen type picks the API family. */
export default function LoginForm({ locale, redirect, initialUserType, initialAccount = '' }: Props) {
  const t = getT(locale);
  const [userType, setUserType] = useState<UserType>(initialUserType);
  const captcha = useCaptcha();
  const form = useForm({
    schema: formSchema,
    initial: { account: initialAccount, password: '', remember: false as boolean },
    labels: { account: t('account:fields.account'), password: t('account:fields.password') },
    t,
  });

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    await form.submit(async (values) => {
      const result = await captcha.send((fields) =>
        apiPost<{ mustChangePassword: boolean; secondFactor: 'verify' | 'enrol' | null }>(
          `/api/${ACCOUNT_FAMILY[userType]}/login`,
          { ...values, ...fields },
          { suppressErrorToast: true },
        ),
      );
      // Staff give their second factor next (they may also go on without their staff tools).
      const next = result.mustChangePassword
        ? FIRST_LOGIN[userType]
        : result.secondFactor
          ? `/staff/verify${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`
          : (redirect ?? undefined);
      await enterAccount(userType, locale, t('account:login.success'), next);
    });
  };

  return (
    <IslandForm onSubmit={onSubmit} busy={form.submitting}>
      <UserTypeChoice t={t} value={userType} onChange={setUserType} legend={t('account:fields.account')} />
      <FormAlert message={form.formError} />
      <Field
        {...form.field('account')}
        label={t('account:fields.account')}
        hint={
          userType === 'individual' ? t('account:fields.accountHintIndividual') : t('account:fields.accountHintOrgan')
        }
        autoComplete="username"
        required
        maxLength={254}
      />
      <PasswordField
        {...form.field('password')}
        label={t('account:fields.password')}
        autoComplete="current-password"
        t={t}
      />
      <CaptchaField t={t} captcha={captcha} />
      <label className="flex cursor-pointer items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="checkbox checkbox-sm"
          checked={Boolean(form.values.remember)}
          onChange={(e) => form.set('remember', e.target.checked)}
        />
        {t('account:fields.remember')}
      </label>
      <button type="submit" className="btn btn-primary w-full" disabled={form.submitting}>
        {form.submitting ? t('account:common.submitting') : t('account:login.submit')}
      </button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <a className="link" href={localePath('/password/forget', locale)}>
          {t('account:login.forgot')}
        </a>
        <span>
          {t('account:login.noAccount')}{' '}
          <a
            className="link"
            href={localePath(
              userType === 'individual'
                ? `/webUser/createAccount${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`
                : '/organ/createAccount',
              locale,
            )}
          >
            {userType === 'individual' ? t('account:login.createIndividual') : t('account:login.createOrgan')}
          </a>
        </span>
      </div>
    </IslandForm>
  );
}
