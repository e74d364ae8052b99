import type { Locale } from '@/lib/locales';
import { createOrganisationBody } from '@/lib/schemas/account';
import SignUpForm, { useSignUp } from './SignUpForm';
import { FieldGroup } from './SignUpParts';

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

/** The label keys where the organisation's field has a name of its own. */
const LABEL_KEYS = {
  name: 'account:fields.organName',
  nameEn: 'account:fields.organNameEn',
  topicIds: 'account:fields.topics',
};

/** Sign-up of an organisation: e-mail, code, then its details and topics (POST amsw0103/create). */
export default function SignUpOrganisation({ locale, topics }: Props) {
  const signUp = useSignUp({
    locale,
    userType: 'organ',
    schema: createOrganisationBody,
    initial,
    labelKeys: LABEL_KEYS,
    passwordContext: (values) => ({ names: [values.name, values.nameEn, values.contactName] }),
  });
  const { t, form, label, text } = signUp;

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
    <SignUpForm signUp={signUp}>
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
    </SignUpForm>
  );
}
