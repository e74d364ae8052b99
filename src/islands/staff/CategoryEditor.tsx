import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { localePath } from '@/lib/paths';
import { categoryForm, type CategoryKind, type DeskCategory } from '@/lib/schemas/category-desk';
import Field from '../shared/Field';
import { useForm, type Values } from '../shared/use-form';
import BilingualFields from './BilingualFields';
import SaveDeleteForm, { useDeletion } from './editor/DeleteAction';
import { boundField, FormCheck, labelsOf, saveHandler, storedTexts } from './editor/fields';

interface Props {
  locale: Locale;
  kind: CategoryKind;
  /** The category as stored; absent for a new one. */
  category?: DeskCategory;
}

const TEXTS = ['nameZh', 'nameEn', 'descriptionZh', 'descriptionEn'] as const;

/**
 * The editors' category form (of articles or events): names in both languages (Chinese name
 * required), an article category's description, the order and whether the site lists it; an
 * empty category can be deleted after a confirmation. The page comes back saying what happened.
 */
export default function CategoryEditor({ locale, kind, category }: Props) {
  const t = getT(locale);
  const c = (key: string, values: Record<string, string | number> = {}) =>
    t(`contentDesk:categories.form.${key}`, values);
  const labels = labelsOf(c, [...TEXTS, 'sort']);
  const form = useForm<Values>({
    schema: categoryForm,
    initial: {
      ...storedTexts(category, TEXTS),
      sort: String(category?.sort ?? 0),
      visible: category?.visible ?? true,
    },
    labels,
    t,
  });
  const deletion = useDeletion(form);
  const list = `${localePath('/staff/content/categories', locale)}?kind=${kind}`;

  const onSubmit = saveHandler<DeskCategory>(
    form,
    '/api/amsw1101/content/categories/save',
    (values) => ({
      ...values,
      kind,
      ...(category ? { categoryId: category.categoryId, updatedAt: category.updatedAt } : {}),
    }),
    (saved) =>
      window.location.assign(
        `${localePath(`/staff/content/categories/${saved.categoryId}`, locale)}?kind=${kind}&done=saved`,
      ),
  );

  return (
    <SaveDeleteForm
      form={form}
      onSubmit={onSubmit}
      save={c('save')}
      deletion={deletion}
      remove={
        category && category.items === 0
          ? {
              label: c('delete'),
              title: c('deleteTitle'),
              text: c('deleteText'),
              cancel: c('cancel'),
              onConfirm: () =>
                void deletion.remove(
                  '/api/amsw1101/content/categories/delete',
                  { kind, categoryId: category.categoryId, updatedAt: category.updatedAt },
                  `${list}?done=deleted`,
                ),
            }
          : undefined
      }
      note={
        category &&
        category.items > 0 && (
          <p role="note" className="text-sm">
            {c(`deleteInUse.${kind}`, { count: category.items })}
          </p>
        )
      }
    >
      <div className="grid gap-3 md:grid-cols-2">
        <BilingualFields form={form} labels={labels} t={t} name="name" required maxLength={100} />
        {kind === 'article' && <BilingualFields form={form} labels={labels} t={t} name="description" maxLength={500} />}
        <Field {...boundField(form, labels, 'sort')} type="number" hint={c('sortHint')} />
      </div>
      <FormCheck form={form} name="visible" label={c('visible')} />
    </SaveDeleteForm>
  );
}
