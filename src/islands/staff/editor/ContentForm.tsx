import type { FormEvent, ReactNode } from 'react';
import { apiPost } from '@/client/api';
import type { Locale } from '@/lib/locales';
import { localePath } from '@/lib/paths';
import FormAlert from '../../shared/FormAlert';
import IslandForm from '../../shared/IslandForm';
import type { useForm, Values } from '../../shared/use-form';
import PublishActions, { chosenAction, doneOf } from '../PublishActions';

/**
 * The frame of an article's, event's or page's form: its error summary, its fields, and the save,
 * publish and unpublish buttons that send it to the desk's API (`save` gives the body, `publish`
 * is added) and come back to the item's page saying what happened.
 */
export default function ContentForm<T>({
  locale,
  form,
  desk,
  live,
  save,
  unpublish,
  idOf,
  children,
}: {
  locale: Locale;
  form: ReturnType<typeof useForm<Values>>;
  /** The desk's part of the API and page paths. */
  desk: 'articles' | 'events' | 'pages';
  /** Published (or scheduled): it may be taken off the site. */
  live: boolean;
  save: (values: Values) => Record<string, unknown>;
  /** What taking it off the site sends. */
  unpublish: () => Record<string, unknown>;
  /** The saved item's id, for its page. */
  idOf: (saved: T) => number;
  children: ReactNode;
}) {
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const action = chosenAction(event);
    let saved: T | undefined;
    const ok = await form.submit(async (values) => {
      saved = await apiPost<T>(
        `/api/amsw1101/content/${desk}/${action === 'unpublish' ? 'unpublish' : 'save'}`,
        action === 'unpublish' ? unpublish() : { ...save(values), publish: action === 'publish' },
        { suppressErrorToast: true },
      );
    });
    if (ok && saved)
      window.location.assign(`${localePath(`/staff/content/${desk}/${idOf(saved)}`, locale)}?done=${doneOf(action)}`);
  };
  return (
    <IslandForm onSubmit={onSubmit} busy={form.submitting}>
      <FormAlert message={form.formError} />
      {children}
      <PublishActions locale={locale} live={live} busy={form.submitting} />
    </IslandForm>
  );
}
