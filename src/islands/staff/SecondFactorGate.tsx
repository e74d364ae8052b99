import { useState } from 'react';
import { apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { localePath } from '@/lib/paths';
import { secondFactorCodeBody } from '@/lib/schemas/staff';
import FormAlert from '../shared/FormAlert';
import IslandForm from '../shared/IslandForm';
import { useForm } from '../shared/use-form';
import CodeField from './CodeField';
import PasskeyButton from './PasskeyButton';
import RecoveryCodes from './RecoveryCodes';

interface Enrolment {
  secret: string;
  qrSvg: string;
}

/**
 * The second factor for a staff session: a code from the app (or a recovery code) when an
 * authenticator is set up, or one of the account's passkeys where the browser has WebAuthn; otherwise setting one up (QR code and key, a first code, then the
 * recovery codes shown once). Then on to `next`, a whole page load, so the page reads the session
 * with its staff roles.
 */
export default function SecondFactorGate({
  locale,
  enrolled,
  passkeys = false,
  next,
}: {
  locale: Locale;
  enrolled: boolean;
  /** The account has a passkey: offered first where the browser can use it. */
  passkeys?: boolean;
  next: string;
}) {
  const t = getT(locale);
  const [recovery, setRecovery] = useState(false);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const form = useForm({
    schema: secondFactorCodeBody,
    initial: { code: '' },
    labels: { code: t(recovery ? 'staff:factor.recoveryCode' : 'staff:factor.code') },
    t,
  });
  const goOn = () => window.location.assign(localePath(next, locale));

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    await form.submit(async ({ code }) => {
      if (enrolled) {
        await apiPost('/api/amsw1101/secondFactor/verify', { code }, { suppressErrorToast: true });
        goOn();
      } else {
        const result = await apiPost<{ recoveryCodes: string[] }>(
          '/api/amsw1101/secondFactor/confirm',
          { code },
          { suppressErrorToast: true },
        );
        setCodes(result.recoveryCodes);
      }
    });
  };

  const start = async () => {
    setStarting(true);
    setStartError(null);
    try {
      setEnrolment(
        await apiPost<Enrolment>('/api/amsw1101/secondFactor/enrol', undefined, { suppressErrorToast: true }),
      );
    } catch (error) {
      setStartError(error instanceof Error ? error.message : String(error));
    } finally {
      setStarting(false);
    }
  };

  if (codes) return <RecoveryCodes t={t} codes={codes} done={t('staff:factor.codesDone')} onDone={goOn} />;

  const codeForm = (
    <IslandForm onSubmit={onSubmit} busy={form.submitting}>
      <FormAlert message={form.formError} />
      <CodeField
        t={t}
        recovery={recovery}
        value={String(form.values.code)}
        onChange={(v) => form.set('code', v)}
        onBlur={() => form.touch('code')}
        error={form.errorOf('code')}
      />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn btn-primary" disabled={form.submitting} aria-busy={form.submitting}>
          {form.submitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {enrolled
            ? t(form.submitting ? 'staff:factor.verifying' : 'staff:factor.verify')
            : t(form.submitting ? 'staff:factor.confirming' : 'staff:factor.confirm')}
        </button>
        {enrolled && (
          <button
            type="button"
            className="btn btn-link px-0"
            onClick={() => {
              setRecovery(!recovery);
              form.set('code', '');
            }}
          >
            {t(recovery ? 'staff:factor.useApp' : 'staff:factor.useRecovery')}
          </button>
        )}
      </div>
    </IslandForm>
  );

  if (enrolled)
    return (
      <div className="space-y-4">
        {passkeys && <PasskeyButton t={t} onPassed={goOn} />}
        <p>{t('staff:factor.verifyIntro')}</p>
        {codeForm}
      </div>
    );

  return (
    <div className="space-y-4">
      <p>{t('staff:factor.enrolIntro')}</p>
      {!enrolment ? (
        <>
          <FormAlert message={startError} />
          <button
            type="button"
            className="btn btn-primary"
            disabled={starting}
            aria-busy={starting}
            onClick={() => void start()}
          >
            {starting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t(starting ? 'staff:factor.starting' : 'staff:factor.enrolStart')}
          </button>
        </>
      ) : (
        <>
          <p className="font-medium">{t('staff:factor.scan')}</p>
          <div
            role="img"
            aria-label={t('staff:factor.qrAlt')}
            className="w-48 rounded-box bg-white p-2"
            // The portal's own QR code of the otpauth address, drawn by the server (qrcode).
            dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
          />
          <p className="text-sm">
            {t('staff:factor.manual')}{' '}
            <code className="rounded bg-base-200 px-2 py-1 font-mono">
              {/* In groups of four, as apps take it (spaces are ignored). */}
              {enrolment.secret.match(/.{1,4}/g)?.join(' ')}
            </code>
          </p>
          <p className="font-medium">{t('staff:factor.confirmStep')}</p>
          {codeForm}
        </>
      )}
    </div>
  );
}
