import type { TFunction } from 'i18next';
import { useEffect, useState, type ReactNode } from 'react';
import { pathText } from '@/lib/society/problems';
import Field, { describedBy, FieldFrame, TextAreaField } from '../../shared/Field';
import type { FieldSpec, Getter, Path } from './descriptors';

/**
 * The parts a section's form is built from (a descriptor per section: `descriptors.ts`): texts in
 * both languages, numbers, switches, selects, moments, codes, pictures, and lists of items to add,
 * remove and move. Each control's id is `field-<its path>`, so a problem the check finds at a path
 * is shown next to its control and the summary links to it.
 */
export interface Parts {
  t: TFunction;
  get: Getter;
  set: (path: Path, value: unknown) => void;
  /** The messages of the problems at exactly this path (and, with `items`, at its list items). */
  problemsAt: (path: Path, items?: boolean) => string[];
}

/** The id of the control for a path of the file (`classes[0].name.zh-tw` → `field-classes-0-name-zh-tw`). */
export const slug = (path: string) => path.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/-$/, '');
const nameOf = (path: Path) => slug(pathText(path));
/** The path without list indexes, naming the field's texts. */
const chainOf = (path: Path) => path.filter((p) => typeof p === 'string').join('.');
const label = (p: Parts, path: Path) => p.t(`staff:settingsForms.fields.${chainOf(path)}`);
/** A list's or group's own text (`title`, and a list's `item`, "Class {{n}}"). */
const own = (p: Parts, kind: 'lists' | 'groups', path: Path, key: string, values: Record<string, number> = {}) =>
  p.t(`staff:settingsForms.${kind}.${chainOf(path)}.${key}`, values);
const hintOf = (p: Parts, spec: FieldSpec, path: Path, extra?: string) =>
  [spec.hint ? p.t(`staff:settingsForms.hints.${chainOf(path)}`) : '', extra ?? ''].filter(Boolean).join(' ') ||
  undefined;
const errorOf = (messages: string[]) => (messages.length ? messages.join('; ') : undefined);

/** A control's text while it is typed, following the value when it changes from outside (a move, a reset). */
function useDraft(value: unknown, format: (v: unknown) => string, parse: (text: string) => unknown) {
  const [text, setText] = useState(() => format(value));
  useEffect(() => {
    if (JSON.stringify(parse(text)) !== JSON.stringify(value)) setText(format(value));
    // Only a change of the value from outside re-reads it.
  }, [value]);
  return [text, setText] as const;
}

/** A number as typed: a number when it reads as one, null when empty and allowed, else the text (the check names it). */
const readNumber = (nullable: boolean) => (text: string) => {
  const trimmed = text.trim();
  if (trimmed === '') return nullable ? null : '';
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
};
const readNumbers = (text: string) =>
  text
    .split(/[\s,，、]+/)
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
const showValue = (v: unknown) => (v === null || v === undefined ? '' : String(v));

function TextPart({ p, spec, path }: { p: Parts; spec: FieldSpec & { kind: 'text' | 'moment' }; path: Path }) {
  const nullable = spec.kind === 'moment' || (spec.kind === 'text' && spec.nullable === true);
  const value = p.get(path);
  return (
    <Field
      name={nameOf(path)}
      label={label(p, path)}
      hint={hintOf(p, spec, path, spec.kind === 'moment' ? p.t('staff:settingsForms.momentHint') : undefined)}
      value={showValue(value)}
      onChange={(text) => p.set(path, nullable && text.trim() === '' ? null : text)}
      error={errorOf(p.problemsAt(path))}
      placeholder={spec.kind === 'moment' ? 'YYYY-MM-DD' : spec.kind === 'text' ? spec.placeholder : undefined}
      spellCheck={false}
      className={`input input-bordered w-full ${spec.kind === 'text' && spec.mono ? 'font-mono' : ''}`}
    />
  );
}

function NumberPart({ p, spec, path }: { p: Parts; spec: FieldSpec & { kind: 'number' | 'numbers' }; path: Path }) {
  const many = spec.kind === 'numbers';
  const parse = many ? readNumbers : readNumber(spec.nullable === true);
  const [text, setText] = useDraft(p.get(path), (v) => (Array.isArray(v) ? v.join(', ') : showValue(v)), parse);
  return (
    <Field
      name={nameOf(path)}
      label={label(p, path)}
      hint={hintOf(p, spec, path, many ? p.t('staff:settingsForms.numbersHint') : undefined)}
      value={text}
      onChange={(next) => {
        setText(next);
        p.set(path, parse(next));
      }}
      error={errorOf(p.problemsAt(path, many))}
      inputMode={!many && spec.step ? 'decimal' : 'numeric'}
      className="input input-bordered w-full max-w-xs"
    />
  );
}

function BilingualPart({ p, spec, path }: { p: Parts; spec: FieldSpec & { kind: 'bilingual' }; path: Path }) {
  const value = (p.get(path) ?? null) as Record<string, string> | null;
  const whole = p.problemsAt(path);
  const legendId = `${nameOf(path)}-legend`;
  const one = (lang: 'zh-tw' | 'en-us') => {
    const props = {
      name: nameOf([...path, lang]),
      label: p.t(`staff:settingsForms.languages.${lang}`),
      value: value?.[lang] ?? '',
      onChange: (text: string) => {
        const next = { 'zh-tw': value?.['zh-tw'] ?? '', 'en-us': value?.['en-us'] ?? '', [lang]: text };
        const empty = spec.nullable && next['zh-tw'].trim() === '' && next['en-us'].trim() === '';
        p.set(path, empty ? null : next);
      },
      error: errorOf(p.problemsAt([...path, lang])),
      lang: lang === 'zh-tw' ? 'zh-Hant' : 'en',
      'aria-describedby': legendId,
    };
    return spec.long ? <TextAreaField {...props} rows={3} /> : <Field {...props} />;
  };
  return (
    <fieldset className="min-w-0">
      <legend id={legendId} className="mb-1 text-sm font-semibold">
        {label(p, path)}
      </legend>
      <div className="grid gap-3 md:grid-cols-2">
        {one('zh-tw')}
        {one('en-us')}
      </div>
      {hintOf(p, spec, path) && <p className="mt-1 text-xs text-base-content/70">{hintOf(p, spec, path)}</p>}
      {whole.length > 0 && <p className="mt-1 text-sm text-error">{errorOf(whole)}</p>}
    </fieldset>
  );
}

/** A label beside its own control (switch, select, colour), with the hint and error tied to it. */
function Frame({
  p,
  spec,
  path,
  children,
}: {
  p: Parts;
  spec: FieldSpec;
  path: Path;
  children: (described: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true }) => ReactNode;
}) {
  const frame = {
    name: nameOf(path),
    label: label(p, path),
    hint: hintOf(p, spec, path),
    error: errorOf(p.problemsAt(path)),
  };
  const id = `field-${frame.name}`;
  const described = describedBy(frame, undefined);
  const control = children({
    id,
    ...(described ? { 'aria-describedby': described } : {}),
    ...(frame.error ? { 'aria-invalid': true as const } : {}),
  });
  if (spec.kind !== 'switch') return <FieldFrame {...frame}>{control}</FieldFrame>;
  // A switch sits before its label, on one line.
  return (
    <div className="flex flex-col">
      <label htmlFor={id} className="flex items-center gap-3 text-sm font-medium">
        {control}
        {frame.label}
      </label>
      {frame.hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-base-content/70">
          {frame.hint}
        </p>
      )}
      {frame.error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-error">
          {frame.error}
        </p>
      )}
    </div>
  );
}

function PicturePart({ p, spec, path }: { p: Parts; spec: FieldSpec; path: Path }) {
  const value = p.get(path);
  const [stored] = useState(value);
  const f = (key: string) => p.t(`staff:settingsForms.picture.${key}`);
  const read = (file: File | undefined) => {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => p.set(path, String(reader.result));
    reader.readAsDataURL(file);
  };
  const now =
    typeof value === 'string' && value.startsWith('data:') ? f('new') : typeof value === 'string' ? value : f('none');
  return (
    <Frame p={p} spec={spec} path={path}>
      {(described) => (
        <div className="space-y-2">
          <p className="text-sm">
            {f('current')} <span className="font-mono">{now}</span>
          </p>
          <input
            type="file"
            accept="image/svg+xml,image/png,image/jpeg,image/webp,image/gif,image/x-icon"
            className="file-input file-input-bordered w-full max-w-md"
            onChange={(e) => read(e.target.files?.[0])}
            {...described}
          />
          <div className="flex flex-wrap gap-2">
            {value !== stored && (
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => p.set(path, stored)}>
                {f('keep')}
              </button>
            )}
            {value !== null && (
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => p.set(path, null)}>
                {f('remove')}
              </button>
            )}
          </div>
        </div>
      )}
    </Frame>
  );
}

function PickPart({ p, spec, path }: { p: Parts; spec: FieldSpec & { kind: 'pick' }; path: Path }) {
  const chosen = Array.isArray(p.get(path)) ? (p.get(path) as string[]) : [];
  // Codes chosen but no longer offered stay listed, so the check's problem with them can be seen and undone.
  const options = [...new Set([...spec.options(p.get, path), ...chosen])];
  const id = `field-${nameOf(path)}`;
  const hint = hintOf(p, spec, path);
  const error = errorOf(p.problemsAt(path, true));
  return (
    <fieldset className="min-w-0" id={id} tabIndex={-1} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 text-sm font-semibold">{label(p, path)}</legend>
      {options.length === 0 && <p className="text-sm">{p.t('staff:settingsForms.noChoices')}</p>}
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {options.map((code) => (
          <label key={code} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={chosen.includes(code)}
              onChange={(e) => p.set(path, e.target.checked ? [...chosen, code] : chosen.filter((c) => c !== code))}
            />
            <span className="font-mono">{code}</span>
          </label>
        ))}
      </div>
      {hint && <p className="mt-1 text-xs text-base-content/70">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The item's code and name as its fold's summary. */
function itemTitle(item: unknown, t: TFunction): string {
  const o = (item ?? {}) as Record<string, unknown>;
  const code = typeof o.code === 'string' ? o.code : typeof o.key === 'string' ? o.key : '';
  const name = o.name as Record<string, string> | undefined;
  const text = name?.[t('staff:settingsForms.nameLanguage')] ?? '';
  return [code, text].filter(Boolean).join(' · ');
}

function ListPart({ p, spec, path }: { p: Parts; spec: FieldSpec & { kind: 'list' }; path: Path }) {
  const list = Array.isArray(p.get(path)) ? (p.get(path) as unknown[]) : [];
  const [opened, setOpened] = useState<number | null>(null);
  const l = (key: string, values: Record<string, string | number>) => p.t(`staff:settingsForms.list.${key}`, values);
  const itemName = (i: number) => own(p, 'lists', path, 'item', { n: i + 1 });
  const move = (from: number, to: number) => {
    const next = [...list];
    next.splice(to, 0, next.splice(from, 1)[0]);
    p.set(path, next);
  };
  const error = errorOf(p.problemsAt(path));
  const troubled = (i: number) => p.problemsAt([...path, i], true).length > 0;
  return (
    <fieldset className="min-w-0 space-y-3" id={`field-${nameOf(path)}`} tabIndex={-1}>
      <legend className="mb-1 text-lg font-semibold">{own(p, 'lists', path, 'title')}</legend>
      {spec.hint && <p className="text-xs text-base-content/70">{hintOf(p, spec, path)}</p>}
      {error && <p className="text-sm text-error">{error}</p>}
      {list.length === 0 && <p className="text-sm">{l('empty', {})}</p>}
      {list.map((item, i) => {
        const tools = (
          <div className="flex flex-wrap gap-1">
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              disabled={i === 0}
              aria-label={l('upOf', { item: itemName(i) })}
              onClick={() => move(i, i - 1)}
            >
              {l('up', {})}
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              disabled={i === list.length - 1}
              aria-label={l('downOf', { item: itemName(i) })}
              onClick={() => move(i, i + 1)}
            >
              {l('down', {})}
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              aria-label={l('removeOf', { item: itemName(i) })}
              onClick={() =>
                p.set(
                  path,
                  list.filter((_, j) => j !== i),
                )
              }
            >
              {l('remove', {})}
            </button>
          </div>
        );
        const body = (
          <fieldset className="min-w-0 space-y-3">
            <legend className="sr-only">{itemName(i)}</legend>
            {tools}
            <SpecFields p={p} specs={spec.item} base={[...path, i]} />
          </fieldset>
        );
        const named = itemTitle(item, p.t);
        const title = named ? l('titled', { item: itemName(i), title: named }) : itemName(i);
        return spec.folded ? (
          <details
            key={i}
            className={`rounded-box border ${troubled(i) ? 'border-error' : 'border-base-300'}`}
            open={opened === i || troubled(i)}
            onToggle={(e) => {
              const open = (e.target as HTMLDetailsElement).open;
              if (open !== (opened === i)) setOpened(open ? i : null);
            }}
          >
            <summary className="cursor-pointer p-3 font-medium">{title}</summary>
            <div className="border-t border-base-300 p-3">{body}</div>
          </details>
        ) : (
          <div key={i} className={`rounded-box border p-3 ${troubled(i) ? 'border-error' : 'border-base-300'}`}>
            <p className="mb-2 text-sm font-medium">{title}</p>
            {body}
          </div>
        );
      })}
      {list.length < spec.max && (
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() => {
            p.set(path, [...list, spec.blank()]);
            setOpened(list.length);
          }}
        >
          {l('add', { item: itemName(list.length) })}
        </button>
      )}
    </fieldset>
  );
}

/** One field of a descriptor, at its path in the file. */
function SpecField({ p, spec, path }: { p: Parts; spec: FieldSpec; path: Path }) {
  switch (spec.kind) {
    case 'bilingual':
      return <BilingualPart p={p} spec={spec} path={path} />;
    case 'text':
    case 'moment':
      return <TextPart p={p} spec={spec} path={path} />;
    case 'number':
    case 'numbers':
      return <NumberPart p={p} spec={spec} path={path} />;
    case 'switch':
      return (
        <Frame p={p} spec={spec} path={path}>
          {(described) => (
            <input
              type="checkbox"
              className="toggle toggle-primary"
              checked={p.get(path) === true}
              onChange={(e) => p.set(path, e.target.checked)}
              {...described}
            />
          )}
        </Frame>
      );
    case 'select':
      return (
        <Frame p={p} spec={spec} path={path}>
          {(described) => (
            <select
              className="select select-bordered w-full max-w-xs"
              value={showValue(p.get(path))}
              onChange={(e) => p.set(path, e.target.value)}
              {...described}
            >
              {(typeof spec.options === 'function' ? spec.options(p.get, path) : spec.options).map((option) => (
                <option key={option} value={option}>
                  {p.t(spec.label(option))}
                </option>
              ))}
            </select>
          )}
        </Frame>
      );
    case 'color':
      return (
        <Frame p={p} spec={spec} path={path}>
          {(described) => (
            <div className="flex items-center gap-3">
              <input
                type="text"
                className="input input-bordered w-36 font-mono"
                value={showValue(p.get(path))}
                onChange={(e) => p.set(path, e.target.value)}
                spellCheck={false}
                {...described}
              />
              <input
                type="color"
                className="h-10 w-14 cursor-pointer rounded border border-base-300"
                aria-label={p.t('staff:settingsForms.pickColor')}
                value={/^#[0-9a-fA-F]{6}$/.test(showValue(p.get(path))) ? showValue(p.get(path)) : '#000000'}
                onChange={(e) => p.set(path, e.target.value.toUpperCase())}
              />
              <span
                className="rounded px-3 py-2 text-sm text-white"
                style={{ backgroundColor: showValue(p.get(path)) }}
                aria-hidden="true"
              >
                {p.t('staff:settingsForms.sample')}
              </span>
            </div>
          )}
        </Frame>
      );
    case 'picture':
      return <PicturePart p={p} spec={spec} path={path} />;
    case 'pick':
      return <PickPart p={p} spec={spec} path={path} />;
    case 'group':
      return (
        <fieldset className="min-w-0 space-y-3 rounded-box border border-base-300 p-3" id={`field-${nameOf(path)}`}>
          <legend className="px-1 font-semibold">{own(p, 'groups', path, 'title')}</legend>
          {spec.hint && <p className="text-xs text-base-content/70">{hintOf(p, spec, path)}</p>}
          {p.problemsAt(path).length > 0 && <p className="text-sm text-error">{errorOf(p.problemsAt(path))}</p>}
          <SpecFields p={p} specs={spec.fields} base={path} />
        </fieldset>
      );
    case 'list':
      return <ListPart p={p} spec={spec} path={path} />;
  }
}

/** The fields of a descriptor under `base`. */
export function SpecFields({ p, specs, base }: { p: Parts; specs: FieldSpec[]; base: Path }) {
  return (
    <>
      {specs.map((spec) => (
        <SpecField key={spec.key} p={p} spec={spec} path={[...base, spec.key]} />
      ))}
    </>
  );
}
