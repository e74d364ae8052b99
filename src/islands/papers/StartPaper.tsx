import { useRef, useState } from 'react';
import { apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';

/**
 * Starts a paper in an open call (one request per press) and goes on to its form; the button
 * shows the request on its way and stays busy while the form loads.
 */
export default function StartPaper({
  locale,
  postId,
  formPath,
  label,
}: {
  locale: Locale;
  postId: number;
  /** The form's address in the reader's language, without its query. */
  formPath: string;
  /** The button's text when it is not the usual "Start a paper". */
  label?: string;
}) {
  const t = getT(locale);
  const [busy, setBusy] = useState(false);
  const pressed = useRef(false);

  const start = async () => {
    if (pressed.current) return;
    pressed.current = true;
    setBusy(true);
    try {
      const paper = await apiPost<{ paperId: number }>('/api/amsw0701/paper', { postId });
      window.location.assign(`${formPath}?paperId=${paper.paperId}`);
    } catch {
      pressed.current = false;
      setBusy(false);
    }
  };

  return (
    <button type="button" className="btn btn-primary" aria-busy={busy} disabled={busy} onClick={() => void start()}>
      {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {busy ? t('papers:author.notice.starting') : (label ?? t('papers:author.notice.start'))}
    </button>
  );
}
