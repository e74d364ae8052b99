import { useCallback } from 'react';
import { apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { createOrganisationBody } from '@/lib/schemas/account';
import FormAlert from '../shared/FormAlert';
import { useForm } from '../shared/use-form';
import EmailVerificationSteps from './EmailVerificationSteps';
import PasswordPair, { passwordPairCheck } from './PasswordPair';
import {
  EmailTokenValidity,
  FieldGroup,
  isTokenInvalid,
  localizedError,
  SignUpDone,
  StepHeading,
  TextField,
  type TextOptions,
  useSignUpFlow,
} from './SignUpParts';

export interface Topic {
  topicId: number;
  name: string;
}

interface Props {
  locale: Locale;
  /** The continuing-education topics to choose from, in the reader's language. */
  topics: Topic[];
}

const initial = {
  name: '',
  nameEn: '',
  taxId: '',
  contactName: '',
  contactTitle: '',
  phone: '',
  fax: '',
  postalCode: '',
  address: '',
  website: '',
  topicIds: [] as number[],
  password: '',
  passwordConfirm: '',
};
type Values = typeof initial;
type TextName = Exclude<keyof Values, 'topicIds' | 'password' | 'passwordConfirm'>;

/** The label keys where the organisation's field has a name of its own. */
const LABEL_KEYS: Partial<Record<keyof Values, string>> = {
  name: 'account:fields.organName',
  nameEn: 'account:fields.organNameEn',
  topicIds: 'account:fields.topics',
  passwordConfirm: 'signup:confirmPassword',
};

/** Sign-up of an organisation: e-mail, code, then its details and topics (POST amsw0103/create). */
export default function SignUpOrganisation({ locale, topics }: Props) {
  const t = getT(locale);
  const flow = useSignUpFlow();
  const email = flow.email ?? '';
  const label = (field: keyof Values) => t(LABEL_KEYS[field] ?? `account:fields.${field}`);
  const labels = Object.fromEntries(Object.keys(initial).map((k) => [k, label(k as keyof Values)]));
  const extraCheck = useCallback((values: Values) => passwordPairCheck(values, { email }, t), [email, t]);
  const form = useForm<Values>({ schema: createOrganisationBody, initial, labels, t, extraCheck });

  if (flow.done) return <SignUpDone t={t} locale={locale} loginPath="/login?type=organ" />;
  if (!flow.email) {
    return (
      <EmailVerificationSteps
        locale={locale}
        userType="organ"
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
        await apiPost('/api/amsw0103/create', body, { suppressErrorToast: true });
      } catch (error) {
        if (isTokenInvalid(error)) return flow.expire(t('signup:tokenExpiredBack'));
        throw localizedError(error, locale);
      }
      flow.finish();
    });
  };

  const toggleTopic = (topicId: number, checked: boolean) => {
    const chosen = new Set(form.values.topicIds);
    if (checked) chosen.add(topicId);
    else chosen.delete(topicId);
    form.set(
      'topicIds',
      topics.map((topic) => topic.topicId).filter((id) => chosen.has(id)),
    );
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
        <FieldGroup legend={t('signup:groups.organisation')}>
          {text('name', { autoComplete: 'organization', maxLength: 100 })}
          {text('nameEn', { optional: true, autoComplete: 'off', maxLength: 200, lang: 'en' })}
          {text('taxId', { inputMode: 'numeric', hint: t('signup:taxIdHint'), autoComplete: 'off', maxLength: 8 })}
          {text('website', {
            optional: true,
            type: 'url',
            hint: t('signup:websiteHint'),
            autoComplete: 'url',
            maxLength: 300,
          })}
        </FieldGroup>
        <FieldGroup legend={t('signup:groups.contactPerson')}>
          {text('contactName', { autoComplete: 'name', maxLength: 50 })}
          {text('contactTitle', { optional: true, autoComplete: 'organization-title', maxLength: 50 })}
          {text('phone', { type: 'tel', hint: t('signup:phoneHint'), autoComplete: 'tel', maxLength: 30 })}
          {text('fax', { optional: true, type: 'tel', maxLength: 30 })}
          {text('postalCode', { optional: true, inputMode: 'numeric', autoComplete: 'postal-code', maxLength: 6 })}
          {text('address', { autoComplete: 'street-address', maxLength: 200 })}
        </FieldGroup>
        <fieldset aria-describedby="topics-hint">
          <legend className="mb-1 w-full border-b border-base-300 pb-1 text-base font-semibold">
            {label('topicIds')}
            <span className="font-normal text-base-content/70">{t('account:optional')}</span>
          </legend>
          <p id="topics-hint" className="mb-3 text-xs text-base-content/70">
            {t('signup:topicsHint')}
          </p>
          {topics.length === 0 ? (
            <p className="text-sm">{t('signup:noTopics')}</p>
          ) : (
            <div className="grid gap-2 md:grid-cols-2">
              {topics.map((topic) => (
                <label key={topic.topicId} className="flex cursor-pointer items-start gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="checkbox checkbox-sm mt-0.5"
                    name="topicIds"
                    value={topic.topicId}
                    checked={form.values.topicIds.includes(topic.topicId)}
                    onChange={(e) => toggleTopic(topic.topicId, e.target.checked)}
                  />
                  {topic.name}
                </label>
              ))}
            </div>
          )}
        </fieldset>
        <PasswordPair t={t} form={form} context={{ email }} />
        <p className="text-sm text-base-content/80">{t('account:signup.agree')}</p>
        <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={form.submitting}>
          {form.submitting ? t('account:common.submitting') : t('account:signup.submit')}
        </button>
      </form>
    </div>
  );
}
