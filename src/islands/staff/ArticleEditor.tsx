import { useState } from 'react';
import { getT } from '@/i18n';
import { taipeiDate } from '@/lib/calendar-date';
import type { Locale } from '@/lib/locales';
import { articleForm, type DeskArticle } from '@/lib/schemas/content-desk';
import Field from '../shared/Field';
import { useForm, type Values } from '../shared/use-form';
import CoverChoice from './CoverChoice';
import CategorySelect from './CategorySelect';
import BilingualFields from './BilingualFields';
import ContentBody from './editor/ContentBody';
import ContentForm from './editor/ContentForm';
import { boundField, FormCheck, labelsOf, storedTexts } from './editor/fields';

interface Props {
  locale: Locale;
  categories: { categoryId: number; name: string }[];
  /** The article as stored; absent for a new one. */
  article?: DeskArticle;
  /** The society's pictures to choose a cover from, newest first. */
  images: { fileId: number; name: string }[];
  maxFileMb: number;
}

const TEXTS = ['titleZh', 'titleEn', 'summaryZh', 'summaryEn', 'bodyZh', 'bodyEn'] as const;
const COVER_ALTS = ['coverAltZh', 'coverAltEn'] as const;

/**
 * The editors' article form: texts in both languages (zh-tw title required), category, pinned,
 * cover picture (chosen or uploaded), publish day, and the rich text of each language as HTML (sanitised on the server). Saving as a
 * draft, publishing and unpublishing go to the API; the page comes back saying what happened.
 */
export default function ArticleEditor({ locale, categories, article, images, maxFileMb }: Props) {
  const t = getT(locale);
  const c = (key: string, values: Record<string, string> = {}) => t(`contentDesk:articles.form.${key}`, values);
  const richText = !article || article.bodyZh !== null;
  const labels: Record<string, string> = {
    categoryId: c('category'),
    ...labelsOf(c, [...TEXTS, 'publishedOn', ...COVER_ALTS]),
  };
  const form = useForm<Values>({
    schema: articleForm,
    initial: {
      categoryId: String(article?.categoryId ?? categories[0]?.categoryId ?? ''),
      ...storedTexts(article, TEXTS),
      pinned: article?.pinned ?? false,
      publishedOn: article?.publishedAt ? taipeiDate(new Date(article.publishedAt)) : '',
      ...storedTexts(article, COVER_ALTS),
    },
    labels,
    t,
  });
  const [coverFileId, setCoverFileId] = useState<number | null>(article?.coverFileId ?? null);
  const live = article?.state === 'published' || article?.state === 'scheduled';

  const value = (name: string) => String(form.values[name] ?? '');
  const texts = { form, labels, t };
  return (
    <ContentForm<DeskArticle>
      locale={locale}
      form={form}
      desk="articles"
      live={live}
      save={(values) => ({
        ...values,
        categoryId: Number(values.categoryId),
        coverFileId,
        ...(richText ? {} : { bodyZh: undefined, bodyEn: undefined }),
        ...(article ? { articleId: article.articleId } : {}),
      })}
      unpublish={() => ({ articleId: article!.articleId })}
      idOf={(saved) => saved.articleId}
    >
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
          {...boundField(form, labels, 'publishedOn')}
          type="date"
          optionalText={t('account:optional')}
          hint={c('publishedOnHint')}
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
      <ContentBody
        texts={texts}
        name="body"
        rows={10}
        images={images}
        kept={richText ? undefined : c('bodyKept', { type: article?.contentType ?? '' })}
      />
      <FormCheck form={form} name="pinned" label={c('pinned')} />
    </ContentForm>
  );
}
