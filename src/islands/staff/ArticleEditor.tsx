import { useState } from 'react';
import { apiPost } from '@/client/api';
import { getT } from '@/i18n';
import { taipeiDate } from '@/lib/calendar-date';
import type { Locale } from '@/lib/locales';
import { localePath } from '@/lib/paths';
import { articleForm, type DeskArticle } from '@/lib/schemas/content-desk';
import Field from '../shared/Field';
import FormAlert from '../shared/FormAlert';
import IslandForm from '../shared/IslandForm';
import { useForm, type Values } from '../shared/use-form';
import CoverChoice from './CoverChoice';
import CategorySelect from './CategorySelect';
import BilingualFields from './BilingualFields';
import RichTextField from './RichTextField';
import PublishActions, { chosenAction, doneOf } from './PublishActions';

interface Props {
  locale: Locale;
  categories: { categoryId: number; name: string }[];
  /** The article as stored; absent for a new one. */
  article?: DeskArticle;
  /** The society's pictures to choose a cover from, newest first. */
  images: { fileId: number; name: string }[];
  maxFileMb: number;
}

/**
 * The editors' article form: texts in both languages (zh-tw title required), category, pinned,
 * cover picture (chosen or uploaded), publish day, and the rich text of each language as HTML (sanitised on the server). Saving as a
 * draft, publishing and unpublishing go to the API; the page comes back saying what happened.
 */
export default function ArticleEditor({ locale, categories, article, images, maxFileMb }: Props) {
  const t = getT(locale);
  const c = (key: string) => t(`contentDesk:articles.form.${key}`);
  const richText = !article || article.bodyZh !== null;
  const labels: Record<string, string> = {
    categoryId: c('category'),
    titleZh: c('titleZh'),
    titleEn: c('titleEn'),
    summaryZh: c('summaryZh'),
    summaryEn: c('summaryEn'),
    bodyZh: c('bodyZh'),
    bodyEn: c('bodyEn'),
    publishedOn: c('publishedOn'),
    coverAltZh: c('coverAltZh'),
    coverAltEn: c('coverAltEn'),
  };
  const form = useForm<Values>({
    schema: articleForm,
    initial: {
      categoryId: String(article?.categoryId ?? categories[0]?.categoryId ?? ''),
      titleZh: article?.titleZh ?? '',
      titleEn: article?.titleEn ?? '',
      summaryZh: article?.summaryZh ?? '',
      summaryEn: article?.summaryEn ?? '',
      bodyZh: article?.bodyZh ?? '',
      bodyEn: article?.bodyEn ?? '',
      pinned: article?.pinned ?? false,
      publishedOn: article?.publishedAt ? taipeiDate(new Date(article.publishedAt)) : '',
      coverAltZh: article?.coverAltZh ?? '',
      coverAltEn: article?.coverAltEn ?? '',
    },
    labels,
    t,
  });
  const [coverFileId, setCoverFileId] = useState<number | null>(article?.coverFileId ?? null);
  const live = article?.state === 'published' || article?.state === 'scheduled';

  const done = (articleId: number, what: string) => {
    window.location.assign(`${localePath(`/staff/content/articles/${articleId}`, locale)}?done=${what}`);
  };

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const action = chosenAction(event);
    let saved: DeskArticle | undefined;
    const ok = await form.submit(async (values) => {
      const body = {
        ...values,
        categoryId: Number(values.categoryId),
        coverFileId,
        ...(richText ? {} : { bodyZh: undefined, bodyEn: undefined }),
        ...(article ? { articleId: article.articleId } : {}),
        publish: action === 'publish',
      };
      saved =
        action === 'unpublish'
          ? await apiPost<DeskArticle>(
              '/api/amsw1101/content/articles/unpublish',
              { articleId: article!.articleId },
              { suppressErrorToast: true },
            )
          : await apiPost<DeskArticle>('/api/amsw1101/content/articles/save', body, { suppressErrorToast: true });
    });
    if (ok && saved) done(saved.articleId, doneOf(action));
  };

  const value = (name: string) => String(form.values[name] ?? '');
  const texts = { form, labels, t };
  return (
    <IslandForm onSubmit={onSubmit} busy={form.submitting}>
      <FormAlert message={form.formError} />
      <div className="grid gap-3 md:grid-cols-2">
        <CategorySelect
          locale={locale}
          kind="article"
          label={labels.categoryId!}
          categories={categories}
          value={value('categoryId')}
          onChange={(v) => form.set('categoryId', v)}
        />
        <Field
          name="publishedOn"
          type="date"
          label={labels.publishedOn!}
          optionalText={t('account:optional')}
          hint={c('publishedOnHint')}
          value={value('publishedOn')}
          onChange={(v) => form.set('publishedOn', v)}
          onBlur={() => form.touch('publishedOn')}
          error={form.errorOf('publishedOn')}
        />
        <BilingualFields {...texts} name="title" required maxLength={200} />
        <BilingualFields {...texts} name="summary" rows={3} maxLength={1000} />
      </div>
      <CoverChoice
        id="article-cover"
        locale={locale}
        value={coverFileId}
        images={images}
        maxFileMb={maxFileMb}
        onChange={setCoverFileId}
      />
      {coverFileId !== null && (
        <div className="grid gap-3 md:grid-cols-2">
          <BilingualFields {...texts} name="coverAlt" maxLength={200} />
        </div>
      )}
      {richText ? (
        <div className="grid gap-3">
          <p className="text-sm text-base-content/80">{c('bodyHint')}</p>
          <BilingualFields {...texts} name="body" rows={10} editor={RichTextField} images={images} />
        </div>
      ) : (
        <p role="note" className="alert alert-info">
          {t('contentDesk:articles.form.bodyKept', { type: article?.contentType ?? '' })}
        </p>
      )}
      <label className="flex cursor-pointer items-center gap-2">
        <input
          type="checkbox"
          name="pinned"
          className="checkbox"
          checked={form.values.pinned === true}
          onChange={(e) => form.set('pinned', e.target.checked)}
        />
        <span>{c('pinned')}</span>
      </label>
      <PublishActions locale={locale} live={live} busy={form.submitting} />
    </IslandForm>
  );
}
