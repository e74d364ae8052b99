import { useState } from 'react';
import { apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { localePath } from '@/lib/paths';
import { FOOTER_LINKS_MAX, webInfoFormFields, type DeskWebInfo } from '@/lib/schemas/web-info-desk';
import Field from '../shared/Field';
import FormAlert from '../shared/FormAlert';
import IslandForm from '../shared/IslandForm';
import { useForm, type Values } from '../shared/use-form';
import BilingualFields from './BilingualFields';

interface Props {
  locale: Locale;
  info: DeskWebInfo;
}

type Link = DeskWebInfo['links'][number];

const TEXTS = [
  'nameZh',
  'nameEn',
  'shortNameZh',
  'shortNameEn',
  'addressZh',
  'addressEn',
  'phone',
  'fax',
  'email',
  'officeHoursZh',
  'officeHoursEn',
  'copyrightZh',
  'copyrightEn',
] as const;
const linkSchema = webInfoFormFields.shape.links.unwrap().element;

/**
 * The editors' web info form: the society's name and short name and the footer (address,
 * telephone, fax, e-mail, office hours, copyright and up to ten links), each text in both
 * languages. Saving reloads the page, which says what happened.
 */
export default function WebInfoEditor({ locale, info }: Props) {
  const t = getT(locale);
  const c = (key: string, values: Record<string, string | number> = {}) => t(`contentDesk:webInfo.form.${key}`, values);
  const labels: Record<string, string> = Object.fromEntries(TEXTS.map((name) => [name, c(name)]));
  const form = useForm<Values>({
    schema: webInfoFormFields.omit({ links: true }),
    initial: Object.fromEntries(TEXTS.map((name) => [name, info[name]])),
    labels,
    t,
  });
  const [links, setLinks] = useState<Link[]>(info.links);
  const [badLinks, setBadLinks] = useState<number[]>([]);
  const setLink = (i: number, patch: Partial<Link>) =>
    setLinks((list) => list.map((l, j) => (j === i ? { ...l, ...patch } : l)));

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const bad = links.flatMap((l, i) => (linkSchema.safeParse(l).success ? [] : [i]));
    setBadLinks(bad);
    if (bad.length) {
      form.setFormError(c('badLinks', { rows: bad.map((i) => i + 1).join(', ') }));
      document.getElementById(`link-${bad[0]}-labelZh`)?.focus();
      return;
    }
    const ok = await form.submit(async (values) => {
      await apiPost(
        '/api/amsw1101/content/webInfo/save',
        { ...values, links, updatedAt: info.updatedAt },
        { suppressErrorToast: true },
      );
    });
    if (ok) window.location.assign(`${localePath('/staff/content/webInfo', locale)}?done=saved`);
  };

  const texts = { form, labels, t };
  const contact = (name: 'phone' | 'fax' | 'email') => (
    <Field
      key={name}
      name={name}
      label={labels[name]!}
      optionalText={t('account:optional')}
      value={String(form.values[name] ?? '')}
      onChange={(v) => form.set(name, v)}
      onBlur={() => form.touch(name)}
      error={form.errorOf(name)}
      type={name === 'email' ? 'email' : 'tel'}
    />
  );
  return (
    <IslandForm onSubmit={onSubmit} busy={form.submitting}>
      <FormAlert message={form.formError} />
      <fieldset className="grid gap-3 md:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">{c('identity')}</legend>
        <BilingualFields {...texts} name="name" required />
        <BilingualFields {...texts} name="shortName" />
      </fieldset>
      <fieldset className="grid gap-3 md:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">{c('footer')}</legend>
        <BilingualFields {...texts} name="address" />
        {(['phone', 'fax', 'email'] as const).map(contact)}
        <BilingualFields {...texts} name="officeHours" />
        <BilingualFields {...texts} name="copyright" />
      </fieldset>
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-lg font-semibold">{c('links')}</legend>
        <p className="text-sm text-base-content/80">{c('linksHint')}</p>
        {links.length === 0 && <p className="text-sm">{c('noLinks')}</p>}
        {links.map((link, i) => (
          <div
            key={i}
            className={`grid gap-2 rounded-box border p-3 md:grid-cols-[1fr_1fr_1.5fr_auto] md:items-end ${badLinks.includes(i) ? 'border-error' : 'border-base-300'}`}
          >
            {(['labelZh', 'labelEn', 'url'] as const).map((key) => (
              <label key={key} className="flex flex-col text-sm">
                <span className="mb-1 font-medium">
                  {c(`link.${key}`)} {i + 1}
                </span>
                <input
                  id={`link-${i}-${key}`}
                  className="input input-bordered w-full"
                  value={link[key]}
                  lang={key === 'labelEn' ? 'en' : key === 'labelZh' ? 'zh-Hant' : undefined}
                  required={key !== 'labelEn'}
                  aria-invalid={badLinks.includes(i) ? true : undefined}
                  onChange={(e) => setLink(i, { [key]: e.target.value })}
                />
              </label>
            ))}
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => setLinks((list) => list.filter((_, j) => j !== i))}
            >
              {c('removeLink', { n: i + 1 })}
            </button>
          </div>
        ))}
        {links.length < FOOTER_LINKS_MAX && (
          <button
            type="button"
            className="btn btn-outline btn-sm justify-self-start"
            onClick={() => setLinks((list) => [...list, { labelZh: '', labelEn: '', url: '' }])}
          >
            {c('addLink')}
          </button>
        )}
      </fieldset>
      <div>
        <button type="submit" className="btn btn-primary" disabled={form.submitting}>
          {c('save')}
        </button>
      </div>
    </IslandForm>
  );
}
