import { useRef, useState, type KeyboardEvent } from 'react';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { MAX_KEYWORDS } from '@/lib/papers/submission';

/** Commas a reader may type between keywords (ASCII, full-width, the Chinese list comma). */
const SEPARATORS = /[,，、]/;

/**
 * A paper's keywords: typed one at a time and added with Enter or a comma, shown as chips each with
 * its own remove button; what is added or removed is said in a polite live region.
 */
export default function KeywordsInput({
  locale,
  keywords,
  onChange,
  disabled,
  error,
}: {
  locale: Locale;
  keywords: string[];
  onChange: (keywords: string[]) => void;
  disabled: boolean;
  error: string | undefined;
}) {
  const t = getT(locale);
  const [text, setText] = useState('');
  const [said, setSaid] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const id = 'field-keywords';

  const add = (raw: string): string[] => {
    const next = [...keywords];
    for (const part of raw.split(SEPARATORS)) {
      const keyword = part.trim().slice(0, 60);
      if (!keyword || next.length >= MAX_KEYWORDS) continue;
      if (next.some((k) => k.toLowerCase() === keyword.toLowerCase())) continue;
      next.push(keyword);
      setSaid(t('papers:author.form.keywordAdded', { keyword }));
    }
    return next;
  };

  const commit = () => {
    if (text.trim() === '') return;
    const next = add(text);
    if (next.length !== keywords.length) onChange(next);
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',' || event.key === '，' || event.key === '、') {
      event.preventDefault();
      commit();
    }
  };

  const remove = (keyword: string) => {
    onChange(keywords.filter((k) => k !== keyword));
    setSaid(t('papers:author.form.keywordRemoved', { keyword }));
    input.current?.focus();
  };

  const full = keywords.length >= MAX_KEYWORDS;
  return (
    <div className="flex flex-col">
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {t('papers:author.form.keywords')}
      </label>
      {keywords.length > 0 && (
        <ul className="mb-2 flex flex-wrap gap-2" aria-label={t('papers:author.form.keywordList')}>
          {keywords.map((keyword) => (
            <li key={keyword} className="badge badge-lg gap-1 badge-outline ps-3 pe-1">
              <span>{keyword}</span>
              <button
                type="button"
                className="btn btn-circle btn-ghost btn-xs"
                aria-label={t('papers:author.form.removeKeyword', { keyword })}
                disabled={disabled}
                onClick={() => remove(keyword)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        ref={input}
        id={id}
        type="text"
        value={text}
        maxLength={200}
        disabled={disabled}
        readOnly={full}
        enterKeyHint="enter"
        autoComplete="off"
        onChange={(event) => {
          const value = event.target.value;
          // A comma pasted or typed on a phone's keyboard (which sends no key) adds what precedes it.
          if (SEPARATORS.test(value)) {
            const parts = value.split(SEPARATORS);
            const rest = parts.pop() ?? '';
            const next = add(parts.join(','));
            if (next.length !== keywords.length) onChange(next);
            setText(rest);
          } else setText(value);
        }}
        onKeyDown={onKeyDown}
        onBlur={commit}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        className={`input input-bordered w-full ${error ? 'input-error' : ''}`}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-base-content/70">
        {t('papers:author.form.keywordsHint')} ({keywords.length}/{MAX_KEYWORDS})
      </p>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-error">
          {error}
        </p>
      )}
      <p className="sr-only" aria-live="polite">
        {said}
      </p>
    </div>
  );
}
