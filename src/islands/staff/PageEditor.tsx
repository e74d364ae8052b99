import { apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { localePath } from '@/lib/paths';
import { pageFormFields, type DeskPage } from '@/lib/schemas/page-desk';
import Field from '../shared/Field';
import FormAlert from '../shared/FormAlert';
import IslandForm from '../shared/IslandForm';
import { useForm, type Values } from '../shared/use-form';
import BilingualFields from './BilingualFields';
import RichTextField from './RichTextField';
import PublishActions, { chosenAction, doneOf } from './PublishActions';

interface Props {
  locale: Locale;
  /** The page as stored; absent for a new one. */
  page?: DeskPage;
}

const TEXTS = ['titleZh', 'titleEn', 'summaryZh', 'summaryEn'] as const;
const BODIES = ['bodyZh', 'bodyEn'] as const;

/**
 * The editors' custom page form: its address, texts in both languages (Chinese title required)
 * and the rich text of each language as HTML (sanitised on the server). Saving, publishing and
 * unpublishing go to the API; the page comes back saying what happened.
 */
export default function PageEditor({ locale, page }: Props) {
  const t = getT(locale);
  const c = (key: string) => t(`contentDesk:pages.form.${key}`);
  const richText = !page || page.bodyZh !== null;
  const labels: Record<string, string> = Object.fromEntries(
    ['slug', ...TEXTS, ...BODIES].map((name) => [name, c(name)]),
  );
  const form = useForm<Values>({
    schema: pageFormFields,
    initial: {
      slug: page?.slug ?? '',
      titleZh: page?.titleZh ?? '',
      titleEn: page?.titleEn ?? '',
      summaryZh: page?.summaryZh ?? '',
      summaryEn: page?.summaryEn ?? '',
      bodyZh: page?.bodyZh ?? '',
      bodyEn: page?.bodyEn ?? '',
    },
    labels,
    t,
  });
  const live = page?.state === 'published';

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const action = chosenAction(event);
    let saved: DeskPage | undefined;
    const ok = await form.submit(async (values) => {
      const stamp = page ? { pageId: page.pageId, updatedAt: page.updatedAt } : {};
      saved =
        action === 'unpublish'
          ? await apiPost<DeskPage>('/api/amsw1101/content/pages/unpublish', stamp, { suppressErrorToast: true })
          : await apiPost<DeskPage>(
              '/api/amsw1101/content/pages/save',
              {
                ...values,
                ...(richText ? {} : { bodyZh: undefined, bodyEn: undefined }),
                ...stamp,
                publish: action === 'publish',
              },
              { suppressErrorToast: true },
            );
    });
    if (ok && saved)
      window.location.assign(`${localePath(`/staff/content/pages/${saved.pageId}`, locale)}?done=${doneOf(action)}`);
  };

  const value = (name: string) => String(form.values[name] ?? '');
  const texts = { form, labels, t };
  return (
    <IslandForm onSubmit={onSubmit} busy={form.submitting}>
      <FormAlert message={form.formError} />
      <Field
        name="slug"
        label={labels.slug!}
        required
        value={value('slug')}
        onChange={(v) => form.set('slug', v)}
        onBlur={() => form.touch('slug')}
        error={form.errorOf('slug')}
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
      {richText ? (
        <div className="grid gap-3">
          <p className="text-sm text-base-content/80">{t('contentDesk:articles.form.bodyHint')}</p>
          <BilingualFields {...texts} name="body" rows={12} editor={RichTextField} />
        </div>
      ) : (
        <p role="note" className="alert alert-info">
          {t('contentDesk:pages.form.bodyKept', { type: page?.contentType ?? '' })}
        </p>
      )}
      <PublishActions locale={locale} live={live} busy={form.submitting} />
    </IslandForm>
  );
}
