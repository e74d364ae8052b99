import { useCallback, useEffect, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { ApiError, apiGet, REQUEST_FAILED } from '@/client/api';
import { message } from '@/client/messages';
import { ErrorCode } from '@/lib/error-codes';
import type { Locale } from '@/lib/locales';
import { localePath } from '@/lib/paths';
import { clearEmailToken, emailToken, setEmailToken } from '@/stores/email-token';
import Field from '../shared/Field';
import type { BoundForm } from '../shared/use-form';

/**
 * The parts both sign-up islands (individual and organisation) share besides the e-mail steps:
 * the step heading, the flow's state, the e-mail token's validity and the done state.
 */

export const STEP_COUNT = 3;
export type Step = 1 | 2 | 3;
export const STEP_HEADING_ID = 'signup-step-heading';

interface StepHeadingProps {
  t: TFunction;
  step: Step;
  /** Move the keyboard focus here when shown (after the reader moved between steps). */
  focus: boolean;
}

/** "Step 1 of 3", the steps as a list, and the step's heading, which takes the focus on a step change. */
export function StepHeading({ t, step, focus }: StepHeadingProps) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  const names = [t('account:signup.step1'), t('account:signup.step2'), t('account:signup.step3')];
  return (
    <div className="mb-5 space-y-3">
      <ol className="steps w-full text-xs sm:text-sm" aria-label={t('signup:steps')}>
        {names.map((name, i) => (
          <li
            key={name}
            className={`step ${i < step ? 'step-primary' : ''}`}
            aria-current={i + 1 === step ? 'step' : undefined}
          >
            {name}
          </li>
        ))}
      </ol>
      <h2 id={STEP_HEADING_ID} ref={ref} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
        <span className="block text-sm font-normal text-base-content/70">
          {t('account:signup.stepOf', { current: step, total: STEP_COUNT })}
        </span>
        {names[step - 1]}
      </h2>
    </div>
  );
}

/**
 * Where a sign-up is: proving the address (steps 1–2), the profile (step 3, once `email` is
 * verified) or done. The profile's entries live in the island, so a reader sent back to prove the
 * address again (token expired) keeps what they typed.
 */
export function useSignUpFlow() {
  const [email, setEmail] = useState<string | null>(null);
  const [lastEmail, setLastEmail] = useState('');
  const [done, setDone] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [returned, setReturned] = useState(false);

  const verified = useCallback((address: string) => {
    setEmail(address);
    setLastEmail(address);
    setNotice(null);
  }, []);
  /** The e-mail token is no longer valid: back to step 1, saying why. */
  const expire = useCallback((why: string) => {
    clearEmailToken();
    setEmail(null);
    setNotice(why);
    setReturned(true);
  }, []);
  const finish = useCallback(() => {
    clearEmailToken();
    setDone(true);
  }, []);
  return { email, lastEmail, done, notice, returned, verified, expire, finish };
}

/**
 * An API failure as useForm should show it: a transport failure carries the untranslated
 * 'Request failed', so it gets the reader's language here.
 */
export function localizedError(error: unknown, locale: Locale): unknown {
  if (error instanceof ApiError && error.message === REQUEST_FAILED) {
    return new ApiError({
      message: message('requestFailed', locale),
      code: error.code,
      data: error.data,
      status: error.status,
      cause: error,
    });
  }
  return error;
}

export function isTokenInvalid(error: unknown): boolean {
  return error instanceof ApiError && error.code === ErrorCode.TOKEN_INVALID;
}

/** A clock time in Taiwan's time zone (DESIGN.md §7), in the reader's language. */
export function formatTime(epochMs: number, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'zh-tw' ? 'zh-TW' : 'en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'Asia/Taipei',
  }).format(epochMs);
}

interface ValidityProps {
  t: TFunction;
  locale: Locale;
  email: string;
  onExpired: () => void;
}

/** The verified address, how long its proof lasts, and a button for more time. */
export function EmailTokenValidity({ t, locale, email, onExpired }: ValidityProps) {
  const held = useStore(emailToken);
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);

  const extend = async () => {
    if (busy || !held) return;
    setBusy(true);
    setFailure(null);
    try {
      const { expiresAt } = await apiGet<{ expiresAt: string }>('/api/amsw0102/emailTimeReset', {
        suppressErrorToast: true,
      });
      setEmailToken({ token: held.token, expiresAt: Date.parse(expiresAt) });
      setNow(Date.now());
    } catch (error) {
      if (isTokenInvalid(error)) onExpired();
      else setFailure((localizedError(error, locale) as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const expired = !held || held.expiresAt <= now;
  return (
    <div className="flex flex-col gap-3 rounded-box bg-base-200 p-4 text-sm sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="flex flex-wrap gap-x-1">
          <span>{t('signup:verifiedEmail')}</span>
          <strong className="break-all">{email}</strong>
        </p>
        <p aria-live="polite" className={expired ? 'text-error' : ''}>
          {expired
            ? t('signup:tokenExpired')
            : t('account:signup.tokenValidUntil', { time: formatTime(held.expiresAt, locale) })}
        </p>
        {failure && (
          <p role="alert" className="text-error">
            {failure}
          </p>
        )}
      </div>
      <button
        type="button"
        className="btn btn-outline btn-sm shrink-0"
        onClick={() => void extend()}
        disabled={busy}
        aria-describedby="signup-extend-hint"
      >
        {busy ? t('account:common.submitting') : t('account:signup.extend')}
      </button>
      <span id="signup-extend-hint" className="sr-only">
        {t('signup:extendHint')}
      </span>
    </div>
  );
}

/** The end of a sign-up (signed in, on the way to the account area): says so, takes the focus and links there. */
export function SignUpDone({ t, locale, centerPath }: { t: TFunction; locale: Locale; centerPath: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="space-y-4">
      <h2 ref={ref} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
        {t('signup:doneTitle')}
      </h2>
      <p>{t('account:signup.done')}</p>
      <a className="btn btn-primary" href={localePath(centerPath, locale)}>
        {t('account:signup.goCenter')}
      </a>
    </div>
  );
}

/** What a TextField takes besides its form, name and label. */
export type TextOptions = { optional?: boolean } & Omit<
  ComponentProps<typeof Field>,
  'form' | 'name' | 'label' | 'value' | 'onChange' | 'onBlur' | 'error' | 'optionalText' | 'required'
>;

/** A Field bound to a form: required unless marked optional, which the label then says. */
export function TextField<F extends string>({
  form,
  name,
  label,
  optional = false,
  t,
  ...input
}: { form: BoundForm<NoInfer<F>>; name: F; label: string; t: TFunction } & TextOptions) {
  return (
    <Field
      {...form.field(name)}
      label={label}
      optionalText={optional ? t('account:optional') : undefined}
      required={!optional}
      {...input}
    />
  );
}

/** A titled group of fields. */
export function FieldGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 md:grid-cols-2">
      <legend className="mb-3 w-full border-b border-base-300 pb-1 text-base font-semibold">{legend}</legend>
      {children}
    </fieldset>
  );
}
