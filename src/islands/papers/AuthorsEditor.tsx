import { useLayoutEffect, useRef, useState } from 'react';
import Field from '@/islands/shared/Field';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import type { PaperAuthor } from '@/lib/papers/model';

export type AuthorRow = PaperAuthor & { key: number };

let nextKey = 0;
/** The authors as the editor keeps them: each with a key of its own that stays when it moves. */
export function authorRows(authors: PaperAuthor[]): AuthorRow[] {
  return authors.map((a) => ({ ...a, key: (nextKey += 1) }));
}

const EMPTY: PaperAuthor = {
  nameZh: '',
  nameEn: '',
  email: '',
  affiliation: '',
  presenting: false,
  corresponding: false,
};

/**
 * The paper's authors in order: their names, e-mail and affiliation, one presenting and one
 * corresponding author chosen across the list, added and removed, and moved by the "Move up" and
 * "Move down" buttons: focus stays on the moved author's button and a polite live region says
 * where they went.
 */
export default function AuthorsEditor({
  locale,
  paperId,
  authors,
  onChange,
  maxAuthors,
  disabled,
  errorOf,
  groupError,
}: {
  locale: Locale;
  paperId: number;
  authors: AuthorRow[];
  onChange: (authors: AuthorRow[], structural: boolean) => void;
  maxAuthors: number;
  disabled: boolean;
  errorOf: (field: string) => string | undefined;
  groupError: string | undefined;
}) {
  const t = getT(locale);
  const [said, setSaid] = useState('');
  const focusNext = useRef<string | null>(null);

  useLayoutEffect(() => {
    const id = focusNext.current;
    if (!id) return;
    focusNext.current = null;
    // The moved author's button keeps the focus, even at the end of the list (where it does nothing).
    document.getElementById(id)?.focus();
  }, [authors]);

  const update = (index: number, change: Partial<PaperAuthor>) =>
    onChange(
      authors.map((a, i) => (i === index ? { ...a, ...change } : a)),
      false,
    );

  const choose = (index: number, role: 'presenting' | 'corresponding') =>
    onChange(
      authors.map((a, i) => ({ ...a, [role]: i === index })),
      false,
    );

  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    if (to < 0 || to >= authors.length) return;
    const next = [...authors];
    const [moved] = next.splice(index, 1);
    next.splice(to, 0, moved!);
    focusNext.current = `author-${moved!.key}-${by < 0 ? 'up' : 'down'}`;
    setSaid(t('papers:author.form.moved', { from: index + 1, to: to + 1 }));
    onChange(next, true);
  };

  const add = () => {
    const row = { ...EMPTY, key: (nextKey += 1) };
    focusNext.current = `field-authors-${authors.length}-nameZh`;
    setSaid(t('papers:author.form.added', { n: authors.length + 1 }));
    onChange([...authors, row], true);
  };

  const remove = (index: number) => {
    focusNext.current = 'add-author';
    setSaid(t('papers:author.form.removed', { n: index + 1 }));
    onChange(
      authors.filter((_, i) => i !== index),
      true,
    );
  };

  return (
    <fieldset className="min-w-0 space-y-4" disabled={disabled} aria-describedby="authors-hint">
      <legend className="mb-1 text-lg font-semibold">{t('papers:author.form.authorsSection')}</legend>
      <p id="authors-hint" className="text-sm text-base-content/70">
        {t('papers:author.form.authorsHint')} {t('papers:author.form.maxAuthors', { count: maxAuthors })}
      </p>
      {groupError && (
        <p
          id="field-authors"
          tabIndex={-1}
          data-invalid="true"
          className="text-sm text-error focus:outline-2 focus:outline-error"
        >
          {groupError}
        </p>
      )}
      <ol className="space-y-4">
        {authors.map((author, i) => {
          const name = (part: string) => `authors-${i}-${part}`;
          const n = i + 1;
          return (
            <li key={author.key} className="rounded-box border border-base-300 p-4">
              <fieldset className="min-w-0 space-y-3">
                <legend className="font-semibold">{t('papers:author.form.author', { n })}</legend>
                <div className="grid gap-3 md:grid-cols-2">
                  <Field
                    name={name('nameZh')}
                    label={t('papers:author.form.nameZh')}
                    value={author.nameZh}
                    onChange={(v) => update(i, { nameZh: v })}
                    error={errorOf(`authors.${i}.nameZh`)}
                    maxLength={60}
                    autoComplete="off"
                  />
                  <Field
                    name={name('nameEn')}
                    label={t('papers:author.form.nameEn')}
                    value={author.nameEn}
                    onChange={(v) => update(i, { nameEn: v })}
                    error={errorOf(`authors.${i}.nameEn`)}
                    maxLength={120}
                    autoComplete="off"
                    lang="en"
                  />
                  <Field
                    name={name('email')}
                    label={t('papers:author.form.email')}
                    type="email"
                    value={author.email}
                    onChange={(v) => update(i, { email: v })}
                    error={errorOf(`authors.${i}.email`)}
                    maxLength={254}
                    autoComplete="off"
                    inputMode="email"
                  />
                  <Field
                    name={name('affiliation')}
                    label={t('papers:author.form.affiliation')}
                    value={author.affiliation}
                    onChange={(v) => update(i, { affiliation: v })}
                    error={errorOf(`authors.${i}.affiliation`)}
                    maxLength={200}
                    autoComplete="off"
                  />
                </div>
                <div className="flex flex-wrap gap-x-6 gap-y-2">
                  <label className="flex cursor-pointer items-center gap-2">
                    <input
                      type="radio"
                      className="radio radio-sm"
                      name={`presenting-${paperId}`}
                      checked={author.presenting}
                      onChange={() => choose(i, 'presenting')}
                    />
                    <span className="text-sm">{t('papers:author.form.presenting')}</span>
                  </label>
                  <label className="flex cursor-pointer items-center gap-2">
                    <input
                      type="radio"
                      className="radio radio-sm"
                      name={`corresponding-${paperId}`}
                      checked={author.corresponding}
                      onChange={() => choose(i, 'corresponding')}
                    />
                    <span className="text-sm">{t('papers:author.form.corresponding')}</span>
                  </label>
                </div>
                <div className="flex flex-wrap gap-2">
                  <button
                    id={`author-${author.key}-up`}
                    type="button"
                    className="btn btn-sm btn-outline aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
                    aria-disabled={i === 0 ? true : undefined}
                    onClick={() => move(i, -1)}
                  >
                    <span aria-hidden="true">↑</span> {t('papers:author.form.moveUp')}
                    <span className="sr-only"> ({t('papers:author.form.author', { n })})</span>
                  </button>
                  <button
                    id={`author-${author.key}-down`}
                    type="button"
                    className="btn btn-sm btn-outline aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
                    aria-disabled={i === authors.length - 1 ? true : undefined}
                    onClick={() => move(i, 1)}
                  >
                    <span aria-hidden="true">↓</span> {t('papers:author.form.moveDown')}
                    <span className="sr-only"> ({t('papers:author.form.author', { n })})</span>
                  </button>
                  <button
                    type="button"
                    className="btn btn-sm btn-ghost"
                    disabled={authors.length <= 1}
                    onClick={() => remove(i)}
                  >
                    {t('papers:author.form.remove')}
                    <span className="sr-only"> ({t('papers:author.form.author', { n })})</span>
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <button
        id="add-author"
        type="button"
        className="btn btn-outline"
        disabled={authors.length >= maxAuthors}
        onClick={add}
      >
        + {t('papers:author.form.addAuthor')}
      </button>
      <p className="sr-only" aria-live="polite">
        {said}
      </p>
    </fieldset>
  );
}
