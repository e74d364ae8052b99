import { useEffect, useRef, useState } from 'react';
import { ApiError, apiPut } from '@/client/api';
import { getT } from '@/i18n';
import { ErrorCode } from '@/lib/error-codes';
import type { Locale } from '@/lib/locales';
import { localePath } from '@/lib/paths';
import { resetPasswordBody } from '@/lib/schemas/account';
import { clearEmailToken, setEmailToken, validEmailToken } from '@/stores/email-token';
import type { UserType } from '@/stores/session';
import FormAlert from '../shared/FormAlert';
import NewPasswordFields, { NEW_PASSWORD, passwordPairCheck } from '../shared/NewPasswordFields';
import { useForm } from '../shared/use-form';
import IslandForm from '../shared/IslandForm';

interface Props {
  locale: Locale;
  /** The single-use token of the mailed link; null when the address carried none. */
  token: string | null;
  /** Whether the server found the link's token unused and unexpired when the page opened. */
  linkWorks: boolean;
  /** The address the link was sent to, as the link gives it (shown, and checked against the password). */
  email: string | null;
  userType: UserType;
  /** How long a reset link lives (webEmailValidMinute): the token is not sent after that. */
  validMinutes: number;
  /** The first-sign-in link of an account without a password yet: worded as setting one. */
  first?: boolean;
}

type Phase = 'checking' | 'form' | 'invalid' | 'done';

const FAMILY: Record<UserType, string> = { individual: 'amsw0101', organ: 'amsw0103' };

/**
 * Sets a new password with the token of the mailed reset link. The token travels as the
 * EmailAuthorization header (the e-mail token store) and is taken out of the address bar at once,
 * so it stays neither in the history nor in the Referer of later requests.
 */
export default function ResetPasswordForm({
  locale,
  token,
  linkWorks,
  email,
  userType,
  validMinutes,
  first = false,
}: Props) {
  const t = getT(locale);
  const [phase, setPhase] = useState<Phase>(token ? (linkWorks ? 'form' : 'invalid') : 'checking');
  const outcome = useRef<HTMLHeadingElement>(null);
  const form = useForm({
    schema: resetPasswordBody,
    initial: { newPassword: '', confirmPassword: '' },
    labels: { newPassword: t('account:fields.newPassword'), confirmPassword: t('account:fields.confirmPassword') },
    t,
    extraCheck: (values) => passwordPairCheck(NEW_PASSWORD, values, { email }, t),
  });

  useEffect(() => {
    if (token && linkWorks) setEmailToken({ token, expiresAt: Date.now() + validMinutes * 60_000 });
    else if (token) clearEmailToken();
    else setPhase(validEmailToken() ? 'form' : 'invalid');
    const url = new URL(window.location.href);
    if (url.searchParams.has('token')) {
      url.searchParams.delete('token');
      window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
    }
  }, [token, linkWorks, validMinutes]);

  useEffect(() => {
    if (phase === 'invalid' || phase === 'done') outcome.current?.focus();
  }, [phase]);

  const onSubmit = async (event: React.SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    await form.submit(async (values) => {
      try {
        await apiPut(
          `/api/${FAMILY[userType]}/resetCid`,
          { newPassword: values.newPassword },
          { suppressErrorToast: true, emailAuthorized: true },
        );
      } catch (error) {
        if (error instanceof ApiError && error.code === ErrorCode.TOKEN_INVALID) {
          clearEmailToken();
          setPhase('invalid');
          return;
        }
        throw error;
      }
      clearEmailToken();
      setPhase('done');
    });
  };

  const typeQuery = userType === 'organ' ? '?type=organ' : '';
  // The sign-in page opens with the account's e-mail filled in.
  const loginParams = new URLSearchParams({
    ...(userType === 'organ' ? { type: 'organ' } : {}),
    ...(email ? { account: email } : {}),
  });
  const loginQuery = loginParams.size > 0 ? `?${loginParams}` : '';

  if (phase === 'checking') {
    return (
      <p role="status" className="text-sm">
        {t('password:reset.checking')}
      </p>
    );
  }

  if (phase === 'invalid') {
    return (
      <div className="space-y-4">
        <div role="alert" className="rounded-box border border-error/40 bg-error/10 p-4">
          <h2 ref={outcome} tabIndex={-1} className="text-sm font-medium outline-none">
            {t('account:reset.invalidLink')}
          </h2>
        </div>
        <a className="btn btn-primary" href={localePath(`/password/forget${typeQuery}`, locale)}>
          {t('account:reset.requestAgain')}
        </a>
      </div>
    );
  }

  if (phase === 'done') {
    return (
      <div className="space-y-4">
        <div role="status" className="rounded-box border border-success/40 bg-success/10 p-4">
          <h2 ref={outcome} tabIndex={-1} className="text-sm font-medium outline-none">
            {t(first ? 'account:reset.firstDone' : 'account:reset.done')}
          </h2>
        </div>
        <a className="btn btn-primary" href={localePath(`/login${loginQuery}`, locale)}>
          {t('password:reset.goLogin')}
        </a>
      </div>
    );
  }

  return (
    <IslandForm onSubmit={onSubmit} busy={form.submitting}>
      <p className="text-sm">
        {email
          ? t(first ? 'account:reset.firstIntro' : 'account:reset.intro', { email })
          : t('password:reset.introNoEmail')}
      </p>
      {email && <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />}
      <FormAlert message={form.formError} />
      <NewPasswordFields pair={NEW_PASSWORD} form={form} context={{ email }} t={t} />
      <button type="submit" className="btn btn-primary w-full" disabled={form.submitting}>
        {form.submitting
          ? t('account:common.submitting')
          : t(first ? 'account:reset.firstSubmit' : 'account:reset.submit')}
      </button>
    </IslandForm>
  );
}
