import { useCallback } from 'react';
import { z } from 'zod';
import { apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { createIndividualBody } from '@/lib/schemas/account';
import FormAlert from '../shared/FormAlert';
import { useForm } from '../shared/use-form';
import EmailVerificationSteps from './EmailVerificationSteps';
import PasswordPair, { passwordPairCheck } from './PasswordPair';
import {
  EmailTokenValidity,
  FieldGroup,
  isTokenInvalid,
  localizedError,
  SelectField,
  SignUpDone,
  StepHeading,
  TextField,
  type TextOptions,
  useSignUpFlow,
} from './SignUpParts';

/** The server's body; the form's "not given" gender is the empty choice. */
const schema = createIndividualBody.extend({
  gender: z.preprocess((v) => (v === '' ? undefined : v), createIndividualBody.shape.gender),
});

const initial = {
  nameZh: '',
  nameEn: '',
  personId: '',
  birthDate: '',
  gender: '',
  mobile: '',
  phone: '',
  postalCode: '',
  address: '',
  workplace: '',
  department: '',
  jobTitle: '',
  education: '',
  password: '',
  passwordConfirm: '',
};
type Values = typeof initial;
type TextName = Exclude<keyof Values, 'gender' | 'password' | 'passwordConfirm'>;

/** Today in Taiwan as YYYY-MM-DD, the latest possible birth date. */
function today(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei' }).format(new Date());
}

/** Sign-up of an individual (web user): e-mail, code, then the profile (POST amsw0101/create). */
export default function SignUpIndividual({ locale }: { locale: Locale }) {
  const t = getT(locale);
  const flow = useSignUpFlow();
  const email = flow.email ?? '';
  const label = (field: keyof Values) =>
    field === 'passwordConfirm' ? t('signup:confirmPassword') : t(`account:fields.${field}`);
  const labels = Object.fromEntries(Object.keys(initial).map((k) => [k, label(k as keyof Values)]));
  const extraCheck = useCallback(
    (values: Values) => passwordPairCheck(values, { email, personId: values.personId }, t),
    [email, t],
  );
  const form = useForm<Values>({ schema, initial, labels, t, extraCheck });

  if (flow.done) return <SignUpDone t={t} locale={locale} loginPath="/login" />;
  if (!flow.email) {
    return (
      <EmailVerificationSteps
        locale={locale}
        userType="individual"
        notice={flow.notice}
        initialEmail={flow.lastEmail}
        focusOnMount={flow.returned}
        onVerified={flow.verified}
      />
    );
  }

  const text = (name: TextName, options: TextOptions = {}) => (
    <TextField form={form} name={name} label={label(name)} t={t} {...options} />
  );

  const onSubmit = async (event: React.SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    await form.submit(async (values) => {
      const { passwordConfirm: _confirm, ...body } = values;
      try {
        await apiPost('/api/amsw0101/create', body, { suppressErrorToast: true });
      } catch (error) {
        if (isTokenInvalid(error)) return flow.expire(t('signup:tokenExpiredBack'));
        throw localizedError(error, locale);
      }
      flow.finish();
    });
  };

  return (
    <div>
      <StepHeading key="step-3" t={t} step={3} focus />
      <form onSubmit={onSubmit} noValidate className="space-y-6" aria-busy={form.submitting}>
        <EmailTokenValidity
          t={t}
          locale={locale}
          email={email}
          onExpired={() => flow.expire(t('signup:tokenExpiredBack'))}
        />
        <FormAlert message={form.formError} />
        <FieldGroup legend={t('signup:groups.personal')}>
          {text('nameZh', { autoComplete: 'name', maxLength: 50 })}
          {text('nameEn', { optional: true, autoComplete: 'off', maxLength: 100, lang: 'en' })}
          {text('personId', {
            hint: t('signup:personIdHint'),
            autoComplete: 'off',
            autoCapitalize: 'characters',
            spellCheck: false,
            maxLength: 20,
          })}
          {text('birthDate', { type: 'date', min: '1900-01-01', max: today(), autoComplete: 'bday' })}
          <SelectField
            name="gender"
            label={label('gender')}
            optionalText={t('account:optional')}
            value={form.values.gender}
            onChange={(v) => form.set('gender', v)}
            onBlur={() => form.touch('gender')}
            error={form.errorOf('gender')}
            options={[
              { value: '', label: t('signup:choose') },
              ...(['male', 'female', 'other'] as const).map((g) => ({ value: g, label: t(`account:gender.${g}`) })),
            ]}
          />
        </FieldGroup>
        <FieldGroup legend={t('signup:groups.contact')}>
          {text('mobile', { type: 'tel', hint: t('signup:mobileHint'), autoComplete: 'tel-national', maxLength: 20 })}
          {text('phone', { optional: true, type: 'tel', autoComplete: 'tel', maxLength: 30 })}
          {text('postalCode', { optional: true, inputMode: 'numeric', autoComplete: 'postal-code', maxLength: 6 })}
          {text('address', { optional: true, autoComplete: 'street-address', maxLength: 200 })}
        </FieldGroup>
        <FieldGroup legend={t('signup:groups.work')}>
          {text('workplace', { optional: true, autoComplete: 'organization', maxLength: 100 })}
          {text('department', { optional: true, maxLength: 100 })}
          {text('jobTitle', { optional: true, autoComplete: 'organization-title', maxLength: 100 })}
          {text('education', { optional: true, maxLength: 100 })}
        </FieldGroup>
        <PasswordPair t={t} form={form} context={{ email, personId: form.values.personId }} />
        <p className="text-sm text-base-content/80">{t('account:signup.agree')}</p>
        <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={form.submitting}>
          {form.submitting ? t('account:common.submitting') : t('account:signup.submit')}
        </button>
      </form>
    </div>
  );
}
