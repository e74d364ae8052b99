import { useEffect, useRef } from 'react';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';

/**
 * The move up / move down pair of an entry in an ordered list on the content desks (home blocks,
 * their entries, journals, an issue's papers), each named after the entry for screen readers.
 * The pair sits in one element, so focus can go from a button that became disabled (at the top or
 * bottom) to its partner: see `useRefocus`.
 */
export default function MoveButtons({
  locale,
  idPrefix,
  id,
  title,
  index,
  count,
  disabled,
  busy,
  onMove,
}: {
  locale: Locale;
  /** The buttons' ids are `{idPrefix}-up-{id}` and `{idPrefix}-down-{id}`. */
  idPrefix: string;
  id: number;
  /** The entry's name in the reader's language. */
  title: string;
  /** The entry's place (from 0) and the list's length. */
  index: number;
  count: number;
  /** Before hydration: both disabled, so an early press is never lost. */
  disabled: boolean;
  busy?: boolean;
  onMove: (direction: 'up' | 'down') => void;
}) {
  const t = getT(locale);
  const o = (key: string) => t(`contentDesk:order.${key}`, { title });
  return (
    <span className="flex flex-wrap gap-2">
      <button
        id={`${idPrefix}-up-${id}`}
        type="button"
        className="btn btn-sm"
        aria-label={o('moveUpNamed')}
        disabled={disabled || index === 0}
        aria-disabled={busy || undefined}
        onClick={() => onMove('up')}
      >
        <span aria-hidden="true">↑</span> {o('moveUp')}
      </button>
      <button
        id={`${idPrefix}-down-${id}`}
        type="button"
        className="btn btn-sm"
        aria-label={o('moveDownNamed')}
        disabled={disabled || index === count - 1}
        aria-disabled={busy || undefined}
        onClick={() => onMove('down')}
      >
        <span aria-hidden="true">↓</span> {o('moveDown')}
      </button>
    </span>
  );
}

/**
 * Gives focus back to a move button once the list is drawn in its new order (`drawn` changes): set
 * the ref to the button's id before the list changes. At the top or bottom the pressed button is
 * disabled, so its partner gets the focus instead.
 */
export function useRefocus(drawn: unknown) {
  const refocus = useRef<string | null>(null);
  useEffect(() => {
    if (!refocus.current) return;
    const button = document.getElementById(refocus.current) as HTMLButtonElement | null;
    refocus.current = null;
    if (button && !button.disabled) button.focus();
    else button?.parentElement?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
  }, [drawn]);
  return refocus;
}
