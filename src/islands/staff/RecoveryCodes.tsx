import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';

/**
 * Recovery codes shown once: a list to read or print, a copy button, and the way on. The heading
 * takes focus when they appear, so a screen reader starts there.
 */
export default function RecoveryCodes({
  t,
  codes,
  done,
  onDone,
}: {
  t: TFunction;
  codes: string[];
  done: string;
  onDone: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => heading.current?.focus(), []);
  const copy = async () => {
    await navigator.clipboard.writeText(codes.join('\n'));
    setCopied(true);
  };
  return (
    <section aria-labelledby="recovery-codes" className="space-y-3">
      <h2 id="recovery-codes" ref={heading} tabIndex={-1} className="text-lg font-semibold">
        {t('staff:factor.codesTitle')}
      </h2>
      <p className="text-sm">{t('staff:factor.codesIntro')}</p>
      <ol className="grid max-w-md grid-cols-2 gap-2 rounded-box bg-base-200 p-4 font-mono text-base">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline" onClick={() => void copy()}>
          {t('staff:factor.codesCopy')}
        </button>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          {done}
        </button>
      </div>
      <p role="status" className="text-sm">
        {copied ? t('staff:factor.codesCopied') : ''}
      </p>
    </section>
  );
}
