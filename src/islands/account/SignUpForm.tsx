import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import type { PasswordContext } from '@/lib/validators/password';
import type { UserType } from '@/stores/session';
import FormAlert from '../shared/FormAlert';
import NewPasswordFields, { passwordPairCheck, SIGN_UP_PASSWORD } from '../shared/NewPasswordFields';
import { type BoundForm, useForm, type Values } from '../shared/use-form';
import EmailVerificationSteps from './EmailVerificationSteps';
import IslandForm from '../shared/IslandForm';
import { ACCOUNT_CENTER, ACCOUNT_FAMILY, enterAccount } from './enter-account';
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

/** A sign-up form's values: its own fields, the password and its confirmation. */
type SignUpValues = Values & Record<'password' | 'passwordConfirm', string>;

/** The fields a TextField can show: those holding a string. */
type TextName<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

interface Options<V extends SignUpValues> {
  locale: Locale;
  userType: UserType;
  schema: z.ZodType;
  initial: V;
  /** Label keys where a field's is not `account:fields.<name>`. */
  labelKeys?: Partial<Record<keyof V & string, string>>;
  /** What the password must not equal besides the verified e-mail (e.g. the person ID). */
  passwordContext?: (values: V) => PasswordContext;
  /** Where the new account goes instead of its area (an own path, checked by the page: `safeRedirect`). */
  redirect?: string | null;
  /** The island's own rules across its fields: a message per field that breaks one. */
  extraCheck?: (values: V, t: TFunction) => Partial<Record<keyof V & string, string>>;
}

/**
 * The state of a sign-up island: where the flow is, the step-3 form with the password pair's
 * checks, and its submission (the body without the confirmation; a lapsed e-mail proof leads back
 * to step 1, the entries kept).
 */
export function useSignUp<V extends SignUpValues>({
  locale,
  userType,
  schema,
  initial,
  labelKeys = {},
  passwordContext,
  extraCheck,
  redirect = null,
}: Options<V>) {
  const t = getT(locale);
  const flow = useSignUpFlow();
  const email = flow.email ?? '';
  const label = (field: keyof V & string) =>
    t(
      labelKeys[field] ??
        (field === SIGN_UP_PASSWORD.confirm ? SIGN_UP_PASSWORD.confirmLabel : `account:fields.${field}`),
    );
  const labels = Object.fromEntries(Object.keys(initial).map((k) => [k, label(k as keyof V & string)])) as Partial<
    Record<keyof V & string, string>
  >;
  const contextOf = (values: V): PasswordContext => ({ email, ...passwordContext?.(values) });
  const form = useForm<V>({
    schema,
    initial,
    labels,
    t,
    extraCheck: (values) => ({
      ...extraCheck?.(values, t),
      ...(passwordPairCheck(SIGN_UP_PASSWORD, values, contextOf(values), t) as Partial<
        Record<keyof V & string, string>
      >),
    }),
  });

  const expire = () => flow.expire(t('signup:tokenExpiredBack'));

  const onSubmit = async (event: React.SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    await form.submit(async (values) => {
      const { passwordConfirm: _confirm, ...body } = values;
      try {
        await apiPost(`/api/${ACCOUNT_FAMILY[userType]}/create`, body, { suppressErrorToast: true });
      } catch (error) {
        if (isTokenInvalid(error)) return expire();
        throw localizedError(error, locale);
      }
      // The server has signed the new account in: on to its area.
      flow.finish();
      await enterAccount(userType, locale, t('account:signup.signedIn'), redirect ?? undefined);
    });
  };

  // useForm's `set` takes each field's own type, which TypeScript cannot narrow for a generic V;
  // the fields a TextField shows all hold strings.
  const textForm = form as unknown as BoundForm<TextName<V>>;
  /** A text field of the form, labelled as the form's labels say. */
  const text = (name: TextName<V>, options: TextOptions = {}) => (
    <TextField form={textForm} name={name} label={label(name)} t={t} {...options} />
  );

  return { t, locale, userType, redirect, flow, email, form, label, text, contextOf, expire, onSubmit };
}

/**
 * A sign-up island's three steps around its own fields: the e-mail steps, then the form with the
 * e-mail proof's validity, the island's fields, the password pair and the submit button, then
 * the done state.
 */
export default function SignUpForm<V extends SignUpValues>({
  signUp,
  children,
}: {
  signUp: ReturnType<typeof useSignUp<V>>;
  /** The island's own fields. */
  children: ReactNode;
}) {
  const { t, locale, userType, flow, email, form } = signUp;
  if (flow.done) return <SignUpDone t={t} locale={locale} centerPath={ACCOUNT_CENTER[userType]} />;
  if (!flow.email) {
    return (
      <EmailVerificationSteps
        locale={locale}
        userType={userType}
        notice={flow.notice}
        initialEmail={flow.lastEmail}
        redirect={signUp.redirect}
        focusOnMount={flow.returned}
        onVerified={flow.verified}
      />
    );
  }
  return (
    <div>
      <StepHeading key="step-3" t={t} step={3} focus />
      <IslandForm onSubmit={signUp.onSubmit} className="space-y-6" busy={form.submitting}>
        <EmailTokenValidity t={t} locale={locale} email={email} onExpired={signUp.expire} />
        <FormAlert message={form.formError} />
        {children}
        <FieldGroup legend={t('signup:groups.password')}>
          <NewPasswordFields
            pair={SIGN_UP_PASSWORD}
            form={form}
            context={signUp.contextOf(form.values)}
            t={t}
            layout="beside"
            checkConfirmOnBlur
          />
        </FieldGroup>
        <p className="text-sm text-base-content/80">{t('account:signup.agree')}</p>
        <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={form.submitting}>
          {form.submitting ? t('account:common.submitting') : t('account:signup.submit')}
        </button>
      </IslandForm>
    </div>
  );
}
