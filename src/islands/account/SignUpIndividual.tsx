import { z } from 'zod';
import type { Locale } from '@/lib/locales';
import { SelectField } from '../shared/Field';
import { createIndividualFields, hasAName } from '@/lib/schemas/account';
import SignUpForm, { useSignUp } from './SignUpForm';
import { FieldGroup } from './SignUpParts';

/**
 * The server's body; the form's "not given" gender is the empty choice. The rule that one name is
 * needed is the form's own check, so it is said in words rather than as an invalid field.
 */
const schema = createIndividualFields.extend({
  gender: z.preprocess((v) => (v === '' ? undefined : v), createIndividualFields.shape.gender),
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

/** Today in Taiwan as YYYY-MM-DD, the latest possible birth date. */
function today(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei' }).format(new Date());
}

/**
 * Sign-up of an individual (web user): e-mail, code, then the profile (POST amsw0101/create); the new
 * account goes on to `redirect` (an own path the page checked, e.g. an event's registration) or its area.
 */
export default function SignUpIndividual({ locale, redirect = null }: { locale: Locale; redirect?: string | null }) {
  const signUp = useSignUp({
    locale,
    redirect,
    userType: 'individual',
    schema,
    initial,
    passwordContext: (values) => ({ personId: values.personId, names: [values.nameZh, values.nameEn] }),
    extraCheck: (values, t) => (hasAName(values) ? {} : { nameZh: t('signup:nameNeeded') }),
  });
  const { t, form, label, text } = signUp;

  return (
    <SignUpForm signUp={signUp}>
      <FieldGroup legend={t('signup:groups.personal')}>
        <p id="names-hint" className="text-sm text-base-content/80 md:col-span-2">
          {t('signup:namesHint')}
        </p>
        {text('nameZh', { optional: true, autoComplete: 'name', maxLength: 50, 'aria-describedby': 'names-hint' })}
        {text('nameEn', {
          optional: true,
          autoComplete: 'off',
          maxLength: 100,
          lang: 'en',
          'aria-describedby': 'names-hint',
        })}
        {text('personId', {
          hint: t('signup:personIdHint'),
          autoComplete: 'off',
          autoCapitalize: 'characters',
          spellCheck: false,
          maxLength: 20,
        })}
        {text('birthDate', { type: 'date', min: '1900-01-01', max: today(), autoComplete: 'bday' })}
        <SelectField
          {...form.field('gender')}
          label={label('gender')}
          optionalText={t('account:optional')}
          options={[
            { value: '', label: t('signup:choose') },
            ...(['male', 'female', 'other'] as const).map((g) => ({ value: g, label: t(`account:gender.${g}`) })),
          ]}
        />
      </FieldGroup>
      <FieldGroup legend={t('signup:groups.contact')}>
        {text('mobile', { type: 'tel', hint: t('signup:mobileHint'), autoComplete: 'tel', maxLength: 24 })}
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
    </SignUpForm>
  );
}
