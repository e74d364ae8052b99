import { type FormEvent, type ReactNode, useState } from 'react';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';

/** What an editor's form was sent to do: save it (a draft, or the changes of a live one), publish it, or take it off the site. */
export type PublishAction = 'save' | 'publish' | 'unpublish';

/**
 * The action of the button that sent the form; Enter in a field sends it with the first button,
 * saving.
 */
export function chosenAction(event: FormEvent<HTMLFormElement>): PublishAction {
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  const value = submitter instanceof HTMLButtonElement ? submitter.value : '';
  return value === 'publish' || value === 'unpublish' ? value : 'save';
}

/** The page's `done` word for what was done: saved, published or unpublished. */
export function doneOf(action: PublishAction): 'saved' | 'published' | 'unpublished' {
  return action === 'save' ? 'saved' : `${action}ed`;
}

/**
 * The buttons under an editor's form (articles, events, pages, journal issues): save (a draft,
 * or the changes of a live one), then publish a draft or take a live one off the site. Each is a
 * submit button the form's handler reads with `chosenAction`; while the form is sent all are
 * disabled (the form ignores a second press too) and the one pressed shows it is busy.
 * `children` follow them (a cancel button).
 */
export default function PublishActions({
  locale,
  live,
  busy,
  children,
}: {
  locale: Locale;
  /** Published (or scheduled): saving keeps it so, and it may be taken off the site. */
  live: boolean;
  busy: boolean;
  children?: ReactNode;
}) {
  const t = getT(locale);
  const [pressed, setPressed] = useState<PublishAction>('save');
  const button = (action: PublishAction, text: string, className: string) => (
    <button
      type="submit"
      value={action}
      className={`btn ${className}`}
      disabled={busy}
      aria-busy={busy && pressed === action}
      onClick={() => setPressed(action)}
    >
      {busy && pressed === action && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {text}
    </button>
  );
  return (
    <div className="flex flex-wrap gap-2">
      {button('save', t(live ? 'contentDesk:publish.save' : 'contentDesk:publish.saveDraft'), 'btn-outline')}
      {live
        ? button('unpublish', t('contentDesk:publish.unpublish'), 'btn-warning')
        : button('publish', t('contentDesk:publish.publish'), 'btn-primary')}
      {children}
    </div>
  );
}
