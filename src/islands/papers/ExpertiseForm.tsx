import { useState } from 'react';
import { z } from 'zod';
import { apiPut } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import Field from '../shared/Field';
import FormAlert from '../shared/FormAlert';
import IslandForm from '../shared/IslandForm';
import { useForm } from '../shared/use-form';

const schema = z.object({
  topics: z.array(z.number()),
  keywords: z
    .string()
    .max(2000)
    .refine((text) => keywordsOf(text).length <= 30 && keywordsOf(text).every((k) => k.length <= 60)),
});
type Values = { topics: number[]; keywords: string };

/** Keywords as typed: split at commas (either width) and semicolons, trimmed, empty ones left out. */
function keywordsOf(text: string): string[] {
  return text
    .split(/[,，、;；]/)
    .map((k) => k.trim())
    .filter((k) => k !== '');
}

/**
 * What a paper reviewer reviews: topics of the calls (chosen by name, sent by code) and free
 * keywords. The editor's suggestions of reviewers rank them by it.
 */
export default function ExpertiseForm({
  locale,
  topics,
  current,
}: {
  locale: Locale;
  /** Every active call's topics, each code once. */
  topics: { code: string; name: string }[];
  current: { topics: string[]; keywords: string[] };
}) {
  const t = getT(locale);
  const [saved, setSaved] = useState(false);
  const form = useForm<Values>({
    schema,
    initial: {
      topics: topics.flatMap((topic, i) => (current.topics.includes(topic.code) ? [i] : [])),
      keywords: current.keywords.join(locale === 'en-us' ? ', ' : '，'),
    },
    labels: { topics: t('papers:review.expertise.topics'), keywords: t('papers:review.expertise.keywords') },
    t,
  });
  const toggle = (i: number) => {
    setSaved(false);
    const now = form.values.topics;
    form.set('topics', now.includes(i) ? now.filter((x) => x !== i) : [...now, i].sort((a, b) => a - b));
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const done = await form.submit(async (v) => {
      await apiPut(
        '/api/amsw0801/expertise',
        {
          // Codes of topics no longer in any active call are kept as they were.
          topics: [
            ...current.topics.filter((code) => !topics.some((topic) => topic.code === code)),
            ...v.topics.map((i) => topics[i]!.code),
          ],
          keywords: keywordsOf(v.keywords),
        },
        { suppressErrorToast: true },
      );
    });
    setSaved(done);
  };

  return (
    <IslandForm onSubmit={(e) => void onSubmit(e)} busy={form.submitting}>
      <FormAlert message={form.formError} />
      <fieldset>
        <legend className="mb-2 text-sm font-medium">{t('papers:review.expertise.topics')}</legend>
        {topics.length === 0 ? (
          <p className="text-sm">{t('papers:review.expertise.noTopics')}</p>
        ) : (
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {topics.map((topic, i) => (
              <label key={topic.code} className="flex cursor-pointer items-center gap-2">
                <input
                  id={i === 0 ? 'field-topics' : undefined}
                  type="checkbox"
                  className="checkbox checkbox-sm"
                  checked={form.values.topics.includes(i)}
                  onChange={() => toggle(i)}
                />
                <span>{topic.name}</span>
              </label>
            ))}
          </div>
        )}
      </fieldset>
      <Field
        name="keywords"
        label={t('papers:review.expertise.keywords')}
        hint={t('papers:review.expertise.keywordsHint')}
        autoComplete="off"
        value={form.values.keywords}
        onChange={(v) => {
          setSaved(false);
          form.set('keywords', v);
        }}
        onBlur={() => form.touch('keywords')}
        error={form.errorOf('keywords')}
      />
      {saved && <FormAlert tone="success" message={t('papers:review.expertise.saved')} />}
      <button type="submit" className="btn btn-primary" disabled={form.submitting}>
        {form.submitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {form.submitting ? t('papers:review.expertise.saving') : t('papers:review.expertise.save')}
      </button>
    </IslandForm>
  );
}
