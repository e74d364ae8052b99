import type { ComponentProps } from 'react';
import BilingualFields from '../BilingualFields';
import RichTextField from '../RichTextField';

/**
 * An article's, event's or page's text in both languages, written with the rich-text editor under
 * its hint; `kept` instead says the stored text is of another format and is kept as it is.
 */
export default function ContentBody({
  texts,
  name,
  rows,
  images,
  kept,
}: {
  /** The form, its labels and `t`, as BilingualFields takes them. */
  texts: Pick<ComponentProps<typeof BilingualFields>, 'form' | 'labels' | 't'>;
  /** The pair's stem (`body`, `description`). */
  name: string;
  rows: number;
  /** The society's pictures the editor inserts. */
  images?: ComponentProps<typeof BilingualFields>['images'];
  /** The note shown instead when the stored text is not rich text. */
  kept?: string | undefined;
}) {
  if (kept !== undefined)
    return (
      <p role="note" className="alert alert-info">
        {kept}
      </p>
    );
  return (
    <div className="grid gap-3">
      <p className="text-sm text-base-content/80">{texts.t('contentDesk:articles.form.bodyHint')}</p>
      <BilingualFields {...texts} name={name} rows={rows} editor={RichTextField} images={images} />
    </div>
  );
}
