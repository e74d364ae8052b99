import { useState } from 'react';
import { apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';

const IDENTITIES = [
  { lineUserId: 'U4af4980629d1a7b2c3d4e5f6a7b8c9d0', displayName: 'Mei-Ling 美玲' },
  { lineUserId: 'U1b2c3d4e5f60718293a4b5c6d7e8f901', displayName: 'Chih-Ming 志明' },
];

interface Props {
  locale: Locale;
  siteName: string;
  state: string;
  codeChallenge: string;
  redirectUri: string;
}

/** The simulator's consent screen: choose a demo LINE identity, then allow or cancel. */
export default function LineSimulatorConsent({ locale, siteName, state, codeChallenge, redirectUri }: Props) {
  const t = getT(locale);
  const [identity, setIdentity] = useState(0);
  const [busy, setBusy] = useState(false);
  const back = (query: Record<string, string>) =>
    window.location.assign(`${redirectUri}?${new URLSearchParams({ ...query, state })}`);

  const allow = async () => {
    setBusy(true);
    try {
      const { code } = await apiPost<{ code: string }>('/api/amsw0101/lineSimulator', {
        codeChallenge,
        redirectUri,
        ...IDENTITIES[identity]!,
      });
      back({ code });
    } catch {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-4">
      <p>{t('account:line.simulatorAsk', { site: siteName })}</p>
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium">{t('account:line.simulatorIdentity')}</legend>
        {IDENTITIES.map((item, index) => (
          <label key={item.lineUserId} className="flex cursor-pointer items-center gap-2">
            <input
              type="radio"
              className="radio radio-sm"
              name="identity"
              checked={identity === index}
              onChange={() => setIdentity(index)}
            />
            {item.displayName}
          </label>
        ))}
      </fieldset>
      <div className="flex gap-2">
        <button type="button" className="btn btn-success" disabled={busy} onClick={() => void allow()}>
          {t('account:line.allow')}
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          disabled={busy}
          onClick={() => back({ error: 'access_denied' })}
        >
          {t('account:line.cancel')}
        </button>
      </div>
    </div>
  );
}
