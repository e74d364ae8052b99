import { useEffect, useState } from 'react';
import { z } from 'zod';
import { apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { localePath } from '@/lib/paths';
import { sendEmailBody, verifyEmailBody } from '@/lib/schemas/account';
import { setEmailToken } from '@/stores/email-token';
import type { UserType } from '@/stores/session';
import CaptchaField, { type CaptchaFields, useCaptcha } from '../shared/CaptchaField';
import Field from '../shared/Field';
import FormAlert from '../shared/FormAlert';
import { useForm } from '../shared/use-form';
import { localizedError, StepHeading } from './SignUpParts';
import IslandForm from '../shared/IslandForm';

interface Props {
  locale: Locale;
  userType: UserType;
  /** Why the reader is (back) on the first step, e.g. their e-mail proof expired. */
  notice: string | null;
  /** The address to start with (the one proven before, when sent back). */
  initialEmail: string;
  /** Where signing in instead leads back to (an own path the page checked), e.g. an event's registration. */
  redirect?: string | null;
  /** Move the focus to the first step's heading when shown (the reader was sent back to it). */
  focusOnMount: boolean;
  /** The address is proven and its EmailAuthorization token stored. */
  onVerified: (email: string) => void;
}

/** The sign-in page for an account of `userType`, returning to `redirect` afterwards when given. */
export function signInPath(userType: UserType, redirect: string | null): string {
  const query = new URLSearchParams();
  if (userType === 'organ') query.set('type', 'organ');
  if (redirect) query.set('redirect', redirect);
  const search = query.toString();
  return search ? `/login?${search}` : '/login';
}

/** Seconds before another code may be asked for (the server refuses sooner: -10). */
export const RESEND_SECONDS = 60;

// The captcha is solved by the browser and sent along (useCaptcha), not a field of the forms.
const emailStep = sendEmailBody.pick({ email: true });
const codeStep = verifyEmailBody.pick({ code: true });
const nothing = z.object({});

interface Sent {
  /** As the server took it (trimmed, lower-case). */
  email: string;
  at: number;
  validMinutes: number;
}

/**
 * Sign-up steps 1 and 2, the same for individuals and organisations: the e-mail address with a
 * captcha (a six-digit code is mailed), then the code, which becomes the EmailAuthorization token.
 * An address that already has an account goes on to step 2 like any other (the server never says
 * which it is); its owner receives a link to choose a new password instead of a code, as step 2
 * says, with the ways to sign in.
 */
export default function EmailVerificationSteps({
  locale,
  userType,
  notice,
  initialEmail,
  redirect = null,
  focusOnMount,
  onVerified,
}: Props) {
  const t = getT(locale);
  const [step, setStep] = useState<1 | 2>(1);
  const [moved, setMoved] = useState(focusOnMount);
  const [sent, setSent] = useState<Sent | null>(null);
  const captcha = useCaptcha();
  const [resendOpen, setResendOpen] = useState(false);
  const [resent, setResent] = useState(false);
  const [now, setNow] = useState(() => Date.now());

  const emailForm = useForm({
    schema: emailStep,
    initial: { email: initialEmail },
    labels: { email: t('account:fields.email') },
    t,
  });
  const codeForm = useForm({
    schema: codeStep,
    initial: { code: '' },
    labels: { code: t('account:fields.code') },
    t,
  });
  const resendForm = useForm({
    schema: nothing,
    initial: {},
    labels: {},
    t,
  });

  // The resend countdown ticks while the code step is shown.
  useEffect(() => {
    if (step !== 2) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [step]);
  // The resend form takes the focus from the button it replaces.
  useEffect(() => {
    if (resendOpen) document.getElementById('resend-submit')?.focus();
  }, [resendOpen]);

  const waitSeconds = sent ? Math.max(0, Math.ceil((sent.at + RESEND_SECONDS * 1000 - now) / 1000)) : 0;

  const sendCode = (email: string) =>
    captcha.send((fields: CaptchaFields) =>
      apiPost<{ validMinutes: number }>(
        '/api/amsw0102/email',
        { email, purpose: 'signup', userType, ...fields },
        { suppressErrorToast: true },
      ),
    );

  const goTo = (next: 1 | 2) => {
    setMoved(true);
    setStep(next);
  };

  const onSubmitEmail = async (event: React.SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const ok = await emailForm.submit(async (values) => {
      try {
        const { validMinutes } = await sendCode(values.email);
        setSent({ email: values.email, at: Date.now(), validMinutes });
      } catch (error) {
        throw localizedError(error, locale);
      }
    });
    if (ok) {
      setResent(false);
      setResendOpen(false);
      codeForm.set('code', '');
      goTo(2);
    }
  };

  const onSubmitCode = async (event: React.SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!sent) return;
    await codeForm.submit(async (values) => {
      try {
        const result = await apiPost<{ emailToken: string; expiresAt: string }>(
          '/api/amsw0102/emailVerify',
          { email: sent.email, purpose: 'signup', userType, code: values.code },
          { suppressErrorToast: true },
        );
        setEmailToken({ token: result.emailToken, expiresAt: Date.parse(result.expiresAt) });
      } catch (error) {
        throw localizedError(error, locale);
      }
      onVerified(sent.email);
    });
  };

  const onSubmitResend = async (event: React.SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!sent) return;
    const ok = await resendForm.submit(async () => {
      try {
        const { validMinutes } = await sendCode(sent.email);
        setSent({ email: sent.email, at: Date.now(), validMinutes });
      } catch (error) {
        throw localizedError(error, locale);
      }
    });
    if (ok) {
      setResendOpen(false);
      setResent(true);
      codeForm.set('code', '');
      document.getElementById('field-code')?.focus();
    }
  };

  if (step === 1) {
    const emailError = emailForm.errorOf('email');
    return (
      <div>
        <StepHeading key="step-1" t={t} step={1} focus={moved} />
        <IslandForm onSubmit={onSubmitEmail} busy={emailForm.submitting}>
          <FormAlert message={notice} tone="info" />
          <FormAlert message={emailForm.formError} />
          <p className="text-sm">{t('signup:emailIntro')}</p>
          <div>
            <Field
              name="email"
              type="email"
              label={t('account:fields.email')}
              value={String(emailForm.values.email)}
              onChange={(v) => emailForm.set('email', v)}
              onBlur={() => emailForm.touch('email')}
              error={emailError}
              autoComplete="email"
              inputMode="email"
              required
              maxLength={254}
              aria-describedby={emailError ? 'field-email-error' : undefined}
            />
          </div>
          <CaptchaField t={t} captcha={captcha} />
          <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={emailForm.submitting}>
            {emailForm.submitting ? t('account:common.submitting') : t('account:signup.sendCode')}
          </button>
        </IslandForm>
      </div>
    );
  }

  return (
    <div>
      <StepHeading key="step-2" t={t} step={2} focus={moved} />
      <div className="space-y-4">
        <p role="status" className="text-sm">
          {resent
            ? t('signup:codeResent', { email: sent?.email ?? '' })
            : t('account:signup.codeSent', { email: sent?.email ?? '', minutes: sent?.validMinutes ?? 0 })}
        </p>
        <IslandForm onSubmit={onSubmitCode} busy={codeForm.submitting}>
          <FormAlert message={codeForm.formError} />
          <Field
            {...codeForm.field('code')}
            label={t('account:fields.code')}
            hint={t('signup:codeHint')}
            onChange={(v) => codeForm.set('code', v.replace(/\s+/g, ''))}
            autoComplete="one-time-code"
            inputMode="numeric"
            pattern="[0-9]*"
            required
            maxLength={6}
            className={`input input-bordered w-40 text-lg tracking-widest ${codeForm.errorOf('code') ? 'input-error' : ''}`}
          />
          <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={codeForm.submitting}>
            {codeForm.submitting ? t('account:common.submitting') : t('account:signup.verify')}
          </button>
        </IslandForm>
        <div className="space-y-3 rounded-box bg-base-200 p-4 text-sm">
          <p>{t('signup:notReceived')}</p>
          <p>
            {t('signup:taken.prompt')}{' '}
            <a className="link text-brand" href={localePath(signInPath(userType, redirect), locale)}>
              {t('signup:taken.signIn')}
            </a>
            <span aria-hidden="true"> · </span>{' '}
            <a className="link text-brand" href={localePath('/password/forget', locale)}>
              {t('account:login.forgot')}
            </a>
          </p>
          <div className="flex flex-wrap gap-2">
            {!resendOpen && (
              <button
                type="button"
                className="btn btn-outline btn-sm"
                disabled={waitSeconds > 0}
                onClick={() => setResendOpen(true)}
              >
                {waitSeconds > 0 ? t('account:signup.resendIn', { seconds: waitSeconds }) : t('account:signup.resend')}
              </button>
            )}
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => {
                setResendOpen(false);
                goTo(1);
              }}
            >
              {t('account:signup.changeEmail')}
            </button>
          </div>
          {resendOpen && (
            <IslandForm onSubmit={onSubmitResend} className="space-y-3" busy={resendForm.submitting}>
              <p>{t('signup:resendCaptcha')}</p>
              <FormAlert message={resendForm.formError} />
              <CaptchaField t={t} captcha={captcha} />
              <button
                id="resend-submit"
                type="submit"
                className="btn btn-primary btn-sm"
                disabled={resendForm.submitting}
              >
                {resendForm.submitting ? t('account:common.submitting') : t('account:signup.resend')}
              </button>
            </IslandForm>
          )}
        </div>
      </div>
    </div>
  );
}
