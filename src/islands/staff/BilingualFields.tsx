import type { ComponentType } from 'react';
import type { TFunction } from 'i18next';
import Field, { TextAreaField } from '../shared/Field';
import type { RichTextProps } from './RichTextField';

/** The part of a `useForm` result the pair works with. */
export interface TextForm {
  values: Record<string, unknown>;
  set: (field: string, value: string) => void;
  touch: (field: string) => void;
  errorOf: (field: string) => string | undefined;
}

/**
 * A text the editors write in both languages: the Chinese field (`{name}Zh`, marked as Chinese,
 * required where the text is) then the English one (`{name}En`, marked as English, always
 * optional), as two cells of the form's grid. A line, with `rows` a text area, or with `editor`
 * (RichTextField) the rich-text editor of an article's, event's or page's text, sent as HTML. The
 * editor is passed in, not imported here, so only the forms that write rich text load it.
 */
export default function BilingualFields({
  form,
  name,
  labels,
  t,
  required = false,
  maxLength,
  rows,
  editor: RichText,
  images,
}: {
  form: TextForm;
  /** The pair's stem: `title` stands for `titleZh` and `titleEn`. */
  name: string;
  /** The form's labels, by field name. */
  labels: Partial<Record<string, string>>;
  t: TFunction;
  /** The Chinese text must be given. */
  required?: boolean;
  maxLength?: number;
  /** A text area of so many rows instead of a line. */
  rows?: number;
  /** The rich-text editor the texts are written with (`rows` is then the HTML source's height). */
  editor?: ComponentType<RichTextProps>;
  /** The society's pictures the rich-text editor inserts (its picture button). */
  images?: RichTextProps['images'];
}) {
  return (['Zh', 'En'] as const).map((language) => {
    const field = `${name}${language}`;
    const mandatory = required && language === 'Zh';
    const props = {
      name: field,
      label: labels[field] ?? field,
      optionalText: mandatory ? undefined : t('account:optional'),
      required: mandatory,
      lang: language === 'En' ? 'en' : 'zh-Hant',
      value: String(form.values[field] ?? ''),
      onChange: (value: string) => form.set(field, value),
      onBlur: () => form.touch(field),
      error: form.errorOf(field),
    };
    if (RichText) return <RichText key={field} {...props} rows={rows ?? 10} t={t} images={images} />;
    return rows ? (
      <TextAreaField key={field} {...props} rows={rows} maxLength={maxLength} />
    ) : (
      <Field key={field} {...props} maxLength={maxLength} />
    );
  });
}
