import { useEffect, useRef, useState } from 'react';
import { ApiError, apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { localePath } from '@/lib/paths';

interface Props {
  locale: Locale;
  code: string | null;
  state: string | null;
  error: string | null;
  signedIn: boolean;
}

/** /line/link: where LINE (or the simulator) sends the browser back; finishes the link once. */
export default function LineLinkCallback({ locale, code, state, error, signedIn }: Props) {
  const t = getT(locale);
  const [message, setMessage] = useState<{ tone: 'info' | 'success' | 'error'; text: string }>(() =>
    !signedIn
      ? { tone: 'error', text: t('account:line.signInFirst') }
      : error || !code || !state
        ? { tone: 'error', text: t('account:line.cancelled') }
        : { tone: 'info', text: t('account:line.linking') },
  );
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !signedIn || error || !code || !state) return;
    started.current = true;
    // The code works once: take it out of the address bar and history.
    window.history.replaceState(null, '', window.location.pathname);
    apiPost<{ displayName: string }>('/api/amsw0101/linkLine', { code, state }, { suppressErrorToast: true })
      .then((r) => setMessage({ tone: 'success', text: t('account:line.linked', { name: r.displayName }) }))
      .catch((e: unknown) =>
        setMessage({
          tone: 'error',
          text: t('account:line.failed', { message: e instanceof ApiError ? e.message : '' }),
        }),
      );
  }, [code, state, error, signedIn, t]);

  return (
    <div className="space-y-4">
      <div role={message.tone === 'error' ? 'alert' : 'status'} className={`alert alert-${message.tone}`}>
        {message.text}
      </div>
      <a
        className="btn btn-primary"
        href={localePath(signedIn ? '/member/center' : '/login?redirect=%2Fmember%2Fcenter', locale)}
      >
        {signedIn ? t('account:line.backToCenter') : t('account:titles.login')}
      </a>
    </div>
  );
}
