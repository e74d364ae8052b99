import { browserSupportsWebAuthn, startAuthentication } from '@simplewebauthn/browser';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { apiPost } from '@/client/api';
import FormAlert from '../shared/FormAlert';

/** The prompt closed, timed out or refused by the person (or the browser): said kindly, not as a failure. */
export function passkeyPromptMessage(t: TFunction, error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // The browser's own errors (DOMException names; @simplewebauthn/browser keeps them as `name`).
  if (error.name === 'NotAllowedError' || error.name === 'AbortError') return t('staff:factor.passkeyCancelled');
  // The page is not at the relying party's address (SITE_URL): the browser refuses the ceremony.
  if (error.name === 'SecurityError') return t('staff:factor.passkeyWrongAddress');
  // Registering on an authenticator that holds one of the account's passkeys already.
  if (error.name === 'InvalidStateError') return t('staff:factor.passkeyHeldAlready');
  return error.message;
}

/** Whether this browser can use passkeys; false on the server and until the island has loaded. */
export function useWebAuthn(): boolean {
  const [supported, setSupported] = useState(false);
  useEffect(() => setSupported(browserSupportsWebAuthn()), []);
  return supported;
}

/**
 * Passes the second factor with one of the account's passkeys: the server's challenge, the
 * browser's prompt, the server's check, then `onPassed`. Not drawn where the browser has no
 * WebAuthn (nor before the island loads).
 */
export default function PasskeyButton({ t, onPassed }: { t: TFunction; onPassed: () => void }) {
  const supported = useWebAuthn();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!supported) return null;

  const pass = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const optionsJSON = await apiPost<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
        '/api/amsw1101/secondFactor/passkeys/challenge',
        undefined,
        { suppressErrorToast: true },
      );
      const response = await startAuthentication({ optionsJSON });
      await apiPost('/api/amsw1101/secondFactor/passkeys/verify', { response }, { suppressErrorToast: true });
      onPassed();
    } catch (failure) {
      setError(passkeyPromptMessage(t, failure));
      setBusy(false);
    }
  };

  return (
    <div className="space-y-3">
      <FormAlert message={error} />
      <button type="button" className="btn btn-primary" disabled={busy} aria-busy={busy} onClick={() => void pass()}>
        {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {t(busy ? 'staff:factor.usingPasskey' : 'staff:factor.usePasskey')}
      </button>
      <div className="divider text-sm">{t('staff:factor.passkeyOr')}</div>
    </div>
  );
}
