import { getT } from '@/i18n';
import { formatDate, formatDateTime, formatDay } from '@/lib/format';
import { pickText, type I18nText } from '@/lib/i18n-text';
import type { Locale } from '@/lib/locales';

/** The words a person's story is written in: its texts, the society's class and credit names, and its dates. */
export function storyWords(
  locale: Locale,
  classes: { id: number; name: I18nText }[],
  kinds: { id: number; name: I18nText }[],
) {
  const t = getT(locale);
  return {
    t,
    locale,
    /** A text of `staff:people.story`. */
    s: (key: string, values: Record<string, string | number> = {}) => t(`staff:people.story.${key}`, values),
    className: (classId: number | null) => {
      const cls = classes.find((c) => c.id === classId);
      return cls ? pickText(cls.name, locale) : '';
    },
    kindName: (kindId: number) => {
      const kind = kinds.find((k) => k.id === kindId);
      return kind ? pickText(kind.name, locale) : '';
    },
    // Calendar days (a term's end) and moments (a payment), each as the society's (Taipei) day.
    day: (value: string | null) => (value ? formatDay(value, locale) : ''),
    date: (value: string | null) => (value ? formatDate(value, locale) : ''),
    when: (value: string | null) => (value ? formatDateTime(value, locale) : ''),
  };
}

export type StoryWords = ReturnType<typeof storyWords>;
