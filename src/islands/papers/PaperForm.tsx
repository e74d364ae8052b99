import { useEffect, useMemo, useRef, useState } from 'react';
import type { z } from 'zod';
import { ApiError, apiPost } from '@/client/api';
import FormAlert from '@/islands/shared/FormAlert';
import Field, { TextAreaField, SelectField } from '@/islands/shared/Field';
import IslandForm from '@/islands/shared/IslandForm';
import { getT } from '@/i18n';
import { dateTimeFormat } from '@/lib/intl';
import type { Locale } from '@/lib/locales';
import type { PaperText, RevisablePart } from '@/lib/papers/model';
import { charCount, submissionProblems } from '@/lib/papers/submission';
import type { callView, PaperDraftBody, PaperView } from '@/lib/schemas/papers';
import AuthorsEditor, { authorRows, type AuthorRow } from './AuthorsEditor';
import KeywordsInput from './KeywordsInput';
import ManuscriptUpload, { type Manuscript } from './ManuscriptUpload';
import { focusFirstMarked, problemMessage, refusalErrors } from './paper-fields';
import { useAutosave } from './use-autosave';

type CallView = z.infer<typeof callView>;

interface Draft {
  title: PaperText;
  abstract: PaperText;
  topicCode: string;
  keywords: string[];
  authors: AuthorRow[];
  manuscript: Manuscript | null;
}

/** The time a draft was saved, as the status line says it (Taipei time, like every time the site shows). */
function savedTime(iso: string, locale: Locale): string {
  return dateTimeFormat(locale === 'en-us' ? 'en-US' : 'zh-TW', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Asia/Taipei',
  }).format(new Date(iso));
}

/**
 * A paper's form (a draft, or the parts of a revision the editor reopened): the titles and
 * abstracts in both languages, topic, keywords, the authors in order and the manuscript, saved as
 * the author types (the server keeps the only copy). A draft goes on to the authorisation once
 * `submissionProblems` finds nothing missing; a revision is sent from here.
 */
export default function PaperForm({
  locale,
  paper,
  call,
  detailPath,
  authorisationPath,
}: {
  locale: Locale;
  paper: PaperView;
  call: CallView;
  /** The paper's page, in the reader's language. */
  detailPath: string;
  /** The authorisation page with the paper's id, in the reader's language. */
  authorisationPath: string;
}) {
  const t = getT(locale);
  const [draft, setDraft] = useState<Draft>(() => ({
    title: paper.titles,
    abstract: paper.abstract,
    topicCode: paper.topicCode,
    keywords: paper.keywords,
    authors: authorRows(paper.authors),
    manuscript: paper.manuscript,
  }));
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const [refused, setRefused] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const open = new Set<RevisablePart>(paper.editable);
  const isDraft = paper.status === 'draft';

  const body = (): PaperDraftBody => {
    const d = draftRef.current;
    return {
      paperId: paper.paperId,
      title: d.title,
      abstract: d.abstract,
      topicCode: d.topicCode,
      keywords: d.keywords,
      authors: d.authors.map(({ key: _key, ...author }) => author),
      manuscriptFileId: d.manuscript?.fileId ?? null,
    };
  };

  const autosave = useAutosave(
    body,
    (error) => {
      const errors = refusalErrors(error, t);
      if (Object.keys(errors).length > 0) {
        setServerErrors((e) => ({ ...e, ...errors }));
        setRefused(true);
      }
    },
    paper.updatedAt,
  );

  // What a submission still needs, followed as the author fixes it once it was refused.
  const problems = useMemo(
    () =>
      refused
        ? submissionProblems(
            {
              ...draft,
              manuscriptFileId: draft.manuscript?.fileId ?? null,
            },
            call,
          )
        : [],
    [refused, draft, call],
  );
  const errors: Record<string, string> = {};
  for (const problem of problems) errors[problem.field] ??= problemMessage(problem, t);
  for (const [field, message] of Object.entries(serverErrors)) errors[field] ??= message;
  const errorOf = (field: string) => errors[field];
  const marked = Object.keys(errors).length;
  const summary = formError ?? (refused && marked > 0 ? t('account:common.formErrors', { count: marked }) : null);

  useEffect(() => {
    if (focusRequest > 0) focusFirstMarked();
  }, [focusRequest]);

  /** A change to the draft: kept, its fields' server errors cleared, and saved after a pause. */
  const change = (next: Partial<Draft>, fields: string[]) => {
    setDraft((d) => ({ ...d, ...next }));
    draftRef.current = { ...draftRef.current, ...next };
    setServerErrors((e) => {
      const rest = { ...e };
      for (const key of Object.keys(rest))
        if (fields.some((f) => key === f || key.startsWith(`${f}.`))) delete rest[key];
      return rest;
    });
    autosave.changed();
  };

  const text = (part: 'title' | 'abstract', lang: 'zh' | 'en', value: string) =>
    change({ [part]: { ...draftRef.current[part], [lang]: value } }, [`${part}.${lang}`]);

  const refuse = () => {
    setRefused(true);
    setFocusRequest((n) => n + 1);
  };

  const onSubmit = async () => {
    if (busy) return;
    setFormError(null);
    if (isDraft) {
      const found = submissionProblems({ ...draft, manuscriptFileId: draft.manuscript?.fileId ?? null }, call);
      if (found.length > 0) {
        refuse();
        return;
      }
    }
    setBusy(true);
    try {
      if (!(await autosave.flush())) {
        setFormError(t('papers:author.form.saveFirst'));
        setFocusRequest((n) => n + 1);
        setBusy(false);
        return;
      }
      if (isDraft) {
        window.location.assign(authorisationPath);
        return;
      }
      await apiPost('/api/amsw0701/submit', { paperId: paper.paperId }, { suppressErrorToast: true });
      window.location.assign(`${detailPath}?notice=paperSubmitted`);
    } catch (error) {
      const found = refusalErrors(error, t);
      if (Object.keys(found).length > 0) {
        setServerErrors(found);
        refuse();
      } else setFormError(error instanceof Error ? error.message : t('errors:-999'));
      setBusy(false);
    }
  };

  const counter = (lang: 'zh' | 'en') => {
    const count = charCount(draft.abstract[lang]);
    const max = call.abstractMaxChars;
    return (
      <p
        id={`abstract-${lang}-count`}
        className={`mt-1 text-xs ${count > max ? 'text-error' : 'text-base-content/70'}`}
      >
        {count > max
          ? t('papers:author.form.charsOver', { count, max, over: count - max })
          : t('papers:author.form.chars', { count, max })}
      </p>
    );
  };

  const saveLine = (() => {
    const s = autosave.state;
    if (s.kind === 'saving') return t('papers:author.form.saving');
    if (s.kind === 'saved') return t('papers:author.form.saved', { time: savedTime(s.at, locale) });
    if (s.kind === 'failed') {
      // The server's reason when it gave one (the call closed meanwhile, …); a lost connection says only that.
      const reason = s.error instanceof ApiError && s.error.code !== null ? ` ${s.error.message}` : '';
      return `${t('papers:author.form.notSaved')}${reason}`;
    }
    return '';
  })();

  return (
    <IslandForm
      busy={busy}
      className="space-y-8"
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      <FormAlert message={summary} />
      <section className="space-y-4" aria-labelledby="paper-text">
        <h3 id="paper-text" className="text-lg font-semibold">
          {t('papers:author.form.textSection')}
        </h3>
        <Field
          name="title-zh"
          label={t('papers:author.form.titleZh')}
          value={draft.title.zh}
          onChange={(v) => text('title', 'zh', v)}
          error={errorOf('title.zh')}
          disabled={!open.has('title')}
          maxLength={300}
          autoComplete="off"
        />
        <Field
          name="title-en"
          label={t('papers:author.form.titleEn')}
          value={draft.title.en}
          onChange={(v) => text('title', 'en', v)}
          error={errorOf('title.en')}
          disabled={!open.has('title')}
          maxLength={300}
          autoComplete="off"
          lang="en"
        />
        {(['zh', 'en'] as const).map((lang) => (
          <div key={lang}>
            <TextAreaField
              name={`abstract-${lang}`}
              label={t(lang === 'zh' ? 'papers:author.form.abstractZh' : 'papers:author.form.abstractEn')}
              value={draft.abstract[lang]}
              onChange={(v) => text('abstract', lang, v)}
              error={errorOf(`abstract.${lang}`)}
              disabled={!open.has('abstract')}
              rows={8}
              maxLength={20_000}
              aria-describedby={`abstract-${lang}-count`}
              {...(lang === 'en' ? { lang: 'en' } : {})}
            />
            {counter(lang)}
          </div>
        ))}
        <SelectField
          name="topicCode"
          label={t('papers:author.form.topic')}
          value={draft.topicCode}
          disabled={!open.has('topic')}
          error={errorOf('topicCode')}
          onChange={(topicCode) => change({ topicCode }, ['topicCode'])}
          options={[
            { value: '', label: t('papers:author.form.chooseTopic') },
            ...call.topics.map((topic) => ({ value: topic.code, label: topic.name })),
          ]}
        />
        <KeywordsInput
          locale={locale}
          keywords={draft.keywords}
          onChange={(keywords) => change({ keywords }, ['keywords'])}
          disabled={!open.has('keywords')}
          error={errorOf('keywords')}
        />
      </section>

      <AuthorsEditor
        locale={locale}
        paperId={paper.paperId}
        authors={draft.authors}
        onChange={(authors, structural) => {
          // Errors named by position no longer point at the same author once the list changes.
          change({ authors }, structural ? ['authors'] : []);
        }}
        maxAuthors={call.maxAuthors}
        disabled={!open.has('authors')}
        errorOf={errorOf}
        groupError={errorOf('authors')}
      />

      <section className="space-y-2" aria-labelledby="paper-manuscript">
        <h3 id="paper-manuscript" className="text-lg font-semibold">
          {t('papers:author.form.manuscriptSection')}
        </h3>
        <ManuscriptUpload
          locale={locale}
          manuscript={draft.manuscript}
          onUploaded={(manuscript) => change({ manuscript }, ['manuscript'])}
          maxFileMb={call.maxFileMb}
          blind={call.blind}
          disabled={!open.has('manuscript')}
          error={errorOf('manuscript')}
        />
      </section>

      <div className="sticky bottom-0 z-10 -mx-2 flex flex-wrap items-center justify-between gap-3 border-t border-base-300 bg-base-100 px-2 py-3">
        <div className="flex items-center gap-2 text-sm">
          <span role="status" aria-live="polite" className="text-base-content/80">
            {saveLine}
          </span>
          {autosave.state.kind === 'failed' && (
            <button type="button" className="btn btn-xs btn-outline" onClick={() => void autosave.flush()}>
              {t('papers:author.form.notSavedRetry')}
            </button>
          )}
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
          {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {busy
            ? t(isDraft ? 'papers:author.form.continuing' : 'papers:author.form.sending')
            : t(isDraft ? 'papers:author.form.continue' : 'papers:author.form.sendRevision')}
        </button>
      </div>
    </IslandForm>
  );
}
