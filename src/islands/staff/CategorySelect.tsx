import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { SelectField } from '../shared/Field';
import { localePath } from '@/lib/paths';

/**
 * An article's or event's category, chosen among the desk's (hidden ones too), as the form's
 * `categoryId`; with none to choose, where to create one.
 */
export default function CategorySelect({
  locale,
  kind,
  label,
  categories,
  value,
  onChange,
  className = 'flex flex-col',
}: {
  locale: Locale;
  kind: 'article' | 'event';
  label: string;
  categories: readonly { categoryId: number; name: string }[];
  value: string;
  onChange: (categoryId: string) => void;
  /** The cell's class in the form's grid. */
  className?: string;
}) {
  const t = getT(locale);
  return (
    <div className={className}>
      <SelectField
        name="categoryId"
        label={label}
        value={value}
        onChange={onChange}
        aria-describedby={categories.length === 0 ? 'field-categoryId-none' : undefined}
        options={categories.map((category) => ({ value: String(category.categoryId), label: category.name }))}
      />
      {categories.length === 0 && (
        <p id="field-categoryId-none" className="mt-1 text-sm" role="note">
          {t(`contentDesk:categories.noneToChoose.${kind}`)}{' '}
          <a className="link" href={`${localePath('/staff/content/categories/new', locale)}?kind=${kind}`}>
            {t('contentDesk:categories.createOne')}
          </a>
        </p>
      )}
    </div>
  );
}
