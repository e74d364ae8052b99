import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { pageFormFields, type DeskPage } from '@/lib/schemas/page-desk';
import Field from '../shared/Field';
import { useForm, type Values } from '../shared/use-form';
import BilingualFields from './BilingualFields';
import ContentBody from './editor/ContentBody';
import ContentForm from './editor/ContentForm';
import { boundField, labelsOf, storedTexts } from './editor/fields';

interface Props {
  locale: Locale;
  /** The page as stored; absent for a new one. */
  page?: DeskPage;
}

const FIELDS = ['slug', 'titleZh', 'titleEn', 'summaryZh', 'summaryEn', 'bodyZh', 'bodyEn'] as const;

/**
 * The editors' custom page form: its address, texts in both languages (Chinese title required)
 * and the rich text of each language as HTML (sanitised on the server). Saving, publishing and
 * unpublishing go to the API; the page comes back saying what happened.
 */
export default function PageEditor({ locale, page }: Props) {
  const t = getT(locale);
  const c = (key: string) => t(`contentDesk:pages.form.${key}`);
  const richText = !page || page.bodyZh !== null;
  const labels = labelsOf(c, FIELDS);
  const form = useForm<Values>({
    schema: pageFormFields,
    initial: storedTexts(page, FIELDS),
    labels,
    t,
  });
  const live = page?.state === 'published';
  const stamp = page ? { pageId: page.pageId, updatedAt: page.updatedAt } : {};

  const texts = { form, labels, t };
  return (
    <ContentForm<DeskPage>
      locale={locale}
      form={form}
      desk="pages"
      live={live}
      save={(values) => ({
        ...values,
        ...(richText ? {} : { bodyZh: undefined, bodyEn: undefined }),
        ...stamp,
      })}
      unpublish={() => stamp}
      idOf={(saved) => saved.pageId}
    >
      <Field
        {...boundField(form, labels, 'slug')}
        required
        lang="en"
        hint={c('slugHint')}
        maxLength={200}
        autoCapitalize="off"
        spellCheck={false}
      />
      <div className="grid gap-3 md:grid-cols-2">
        <BilingualFields {...texts} name="title" required maxLength={200} />
        <BilingualFields {...texts} name="summary" rows={3} maxLength={1000} />
      </div>
      <ContentBody
        texts={texts}
        name="body"
        rows={12}
        kept={richText ? undefined : t('contentDesk:pages.form.bodyKept', { type: page?.contentType ?? '' })}
      />
    </ContentForm>
  );
}
