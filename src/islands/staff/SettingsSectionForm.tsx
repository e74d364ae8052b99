import { useMemo, useState } from 'react';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { pathText } from '@/lib/society/problems';
import { SECTION_KEY, type SocietySectionName } from '@/lib/society/sections';
import FormAlert from '../shared/FormAlert';
import IslandForm from '../shared/IslandForm';
import { type Path, SECTION_SPECS } from './settings/descriptors';
import { type Parts, slug, SpecFields } from './settings/parts';
import { canApply, problemText, SocietyApplyForm, SocietyOutcome, useSocietyCheck } from './SocietyOutcome';

/** The value at a path of a JSON value. */
function getIn(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((at, key) => (at as Record<string | number, unknown> | null)?.[key], value);
}

/** What a control is called on the page: the headings of the items it sits in, then its own label or legend. */
function labelOf(control: HTMLElement): string {
  const own =
    (control.id && document.querySelector(`label[for="${CSS.escape(control.id)}"]`)?.textContent) ||
    control.closest('fieldset')?.querySelector('legend')?.textContent ||
    control.getAttribute('aria-label') ||
    '';
  const items: string[] = [];
  for (let at = control.closest('details'); at; at = at.parentElement?.closest('details') ?? null)
    items.unshift(at.querySelector(':scope > summary')?.textContent?.trim() ?? '');
  return [...items.filter(Boolean), own.trim()].filter(Boolean).join(' › ');
}

/** A copy of a JSON value with the value at `path` replaced. */
function setIn(value: unknown, path: Path, next: unknown): unknown {
  if (path.length === 0) return next;
  const [key, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, i) => (i === key ? setIn(item, rest, next) : item));
  const object = (value ?? {}) as Record<string, unknown>;
  return { ...object, [key!]: setIn(object[key as string], rest, next) };
}

/** The section as the file holds it: under its key (`{ membership: … }`), or the brand's top-level keys. */
const fragmentOf = (section: SocietySectionName, value: unknown): unknown => {
  const key = SECTION_KEY[section];
  return key ? { [key]: value } : value;
};
const valueOf = (section: SocietySectionName, fragment: unknown): unknown => {
  const key = SECTION_KEY[section];
  return key ? (fragment as Record<string, unknown>)[key] : fragment;
};

/**
 * One section of the society's settings as a form (its descriptor: `settings/descriptors.ts`):
 * Check sends the section, which the server puts into the stored society and checks and plans
 * as the society file; the plan is shown, or each problem next to its field and in a summary that
 * takes focus. Then a fresh second-factor code applies the value that was checked.
 */
export default function SettingsSectionForm({
  locale,
  section,
  initial,
}: {
  locale: Locale;
  section: SocietySectionName;
  initial: unknown;
}) {
  const t = getT(locale);
  const spec = SECTION_SPECS[section];
  const [stored, setStored] = useState(() => fragmentOf(section, initial));
  const [fragment, setFragment] = useState(stored);
  const society = useSocietyCheck({
    check: '/api/amsw1101/society/section/check',
    apply: '/api/amsw1101/society/section/apply',
  });
  const { check, busy, applied } = society;
  const s = (key: string) => t(`staff:settings.${key}`);

  const problems = useMemo(() => (check && !check.ok ? check.problems : []), [check]);
  const parts: Parts = {
    t,
    get: (path) => getIn(fragment, path),
    set: (path, value) => setFragment((current: unknown) => setIn(current, path, value)),
    problemsAt: (path, items = false) => {
      const at = pathText(path);
      return problems
        .filter((p) => p.path === at || (items && p.path.startsWith(`${at}[`)))
        .map((p) => problemText(locale, p));
    },
  };
  /**
   * The control nearest to a problem's path, for the summary's link, named as the form names it:
   * the items it sits in (their headings) and its label, e.g. "Class 4: life › Dues per term".
   */
  const fieldOf = (path: string): { id: string; label: string } | null => {
    for (let at = path; at !== ''; at = at.replace(/(\.[^.[]*|\[\d+\])$/, '')) {
      const id = `field-${slug(at)}`;
      const control = document.getElementById(id);
      if (control) return { id, label: labelOf(control) };
      if (!/(\.[^.[]*|\[\d+\])$/.test(at)) break;
    }
    return null;
  };

  const body = () => ({ name: section, value: valueOf(section, fragment) });
  const runCheck = async (event: React.FormEvent) => {
    event.preventDefault();
    await society.run(body());
  };
  const apply = async (code: string) => {
    const done = await society.apply(code);
    if (done) setStored(fragmentOf(section, done.value));
  };
  const stale = society.isStale(body());
  const edited = JSON.stringify(fragment) !== JSON.stringify(stored);

  return (
    <div className="space-y-4">
      {/* The problems above the form, the plan and the code below it. */}
      {check && !check.ok && (
        <SocietyOutcome t={t} locale={locale} check={check} applied={null} stale={false} fieldOf={fieldOf} />
      )}
      <IslandForm onSubmit={runCheck} busy={busy}>
        <SpecFields p={parts} specs={spec.fields} base={spec.root} />
        <FormAlert message={society.error} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
            {busy ? s('checking') : s('check')}
          </button>
          <button
            type="button"
            className="btn btn-ghost"
            disabled={busy || !edited}
            onClick={() => setFragment(stored)}
          >
            {s('reset')}
          </button>
        </div>
      </IslandForm>
      <SocietyOutcome t={t} locale={locale} check={check?.ok ? check : null} applied={applied} stale={stale} />
      {canApply(check, stale) && <SocietyApplyForm t={t} apply={apply} />}
    </div>
  );
}
