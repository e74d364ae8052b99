import type { FormEvent } from 'react';
import { apiPost } from '@/client/api';
import type { useForm, Values } from '../../shared/use-form';
import type { TextForm } from '../BilingualFields';

/** Each named field's label, as the form's words give it (`c` reads the desk's form texts). */
export function labelsOf(c: (key: string) => string, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, c(name)]));
}

/** The form's starting texts: each named field as stored, empty for a new item or a missing text. */
export function storedTexts<T, N extends keyof T & string>(item: T | undefined, names: readonly N[]) {
  return Object.fromEntries(names.map((name) => [name, String(item?.[name] ?? '')])) as Record<N, string>;
}

/** A form's text field bound for `Field`: its name, label, value, handlers and error. */
export function boundField(form: TextForm, labels: Partial<Record<string, string>>, name: string) {
  return {
    name,
    label: labels[name] ?? name,
    value: String(form.values[name] ?? ''),
    onChange: (value: string) => form.set(name, value),
    onBlur: () => form.touch(name),
    error: form.errorOf(name),
  };
}
/** A desk form's yes-or-no field (pinned, listed on the site) as a labelled checkbox. */
export function FormCheck({
  form,
  name,
  label,
}: {
  form: { values: Record<string, unknown>; set: (field: string, value: boolean) => void };
  name: string;
  label: string;
}) {
  return (
    <label className="flex cursor-pointer items-center gap-2">
      <input
        type="checkbox"
        name={name}
        className="checkbox"
        checked={form.values[name] === true}
        onChange={(e) => form.set(name, e.target.checked)}
      />
      <span>{label}</span>
    </label>
  );
}

/** A desk form's submit handler: posts its checked values, as `body` shapes them, to `path` and hands the stored item to `onSaved`. */
export function saveHandler<T>(
  form: ReturnType<typeof useForm<Values>>,
  path: string,
  body: (values: Values) => Record<string, unknown>,
  onSaved: (saved: T) => void,
) {
  return async (event: FormEvent) => {
    event.preventDefault();
    let saved: T | undefined;
    const ok = await form.submit(async (values) => {
      saved = await apiPost<T>(path, body(values), { suppressErrorToast: true });
    });
    if (ok && saved) onSaved(saved);
  };
}
