import { useCallback, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { ApiError } from '@/client/api';
import { issueMessage } from './form-messages';

export type Values = Record<string, string | boolean | number[]>;

/** The part of a useForm result that a component bound to some of its text fields works with. */
export interface BoundForm<F extends string> {
  values: Record<F, string>;
  set: (field: F, value: string) => void;
  touch: (field: F) => void;
  errorOf: (field: F) => string | undefined;
  field: (field: F) => {
    name: string;
    value: string;
    onChange: (value: string) => void;
    onBlur: () => void;
    error: string | undefined;
  };
}

/**
 * Fields kept outside the form's values (file uploads: `useDocumentUploads`): their current
 * errors by field, and a check, run on submit, that marks the missing ones and answers whether
 * all is there.
 */
export interface OtherFields {
  errors: Record<string, string>;
  check: () => boolean;
}

interface Options<V extends Values> {
  schema: z.ZodType;
  initial: V;
  labels: Partial<Record<keyof V & string, string>>;
  t: TFunction;
  /** Checks across fields (e.g. the password confirmation); answers field → message. */
  extraCheck?: (values: V) => Partial<Record<keyof V & string, string>>;
  /** Fields outside the values (uploads), counted in the summary and checked on submit. */
  others?: OtherFields;
}

/**
 * Form state for the islands: validates with the same zod schema as the server while the reader
 * types (after a field was first left), again on submit, and shows the server's field errors.
 * `submit` ignores a second press while the first is still running.
 *
 * `formError` is the summary above the form. After a refused submit it follows the fields marked
 * now: the server's message while a field it named is still marked, else how many fields are
 * marked (exactly those shown, uploads included); it goes once none is. A message tied to no
 * field (the server's, or one given with `setFormError`) stays until the next submit.
 */
export function useForm<V extends Values>({ schema, initial, labels, t, extraCheck, others }: Options<V>) {
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const [message, setFormError] = useState<string | null>(null);
  const [refused, setRefused] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);

  const validate = useCallback(
    (candidate: V): Partial<Record<string, string>> => {
      const errors: Partial<Record<string, string>> = {};
      const result = schema.safeParse(candidate);
      if (!result.success) {
        for (const issue of result.error.issues) {
          const field = String(issue.path[0] ?? '');
          const label = labels[field as keyof V & string] ?? field;
          // A field left empty is missing, whatever form its text would have to take.
          const empty = typeof candidate[field] === 'string' && (candidate[field] as string).trim() === '';
          errors[field] ??= empty ? t('account:validation.required', { field: label }) : issueMessage(issue, label, t);
        }
      }
      // The form's own checks have the last word on a field: theirs are its words (an unticked
      // declaration is asked to be ticked, not said to be of the wrong form).
      for (const [field, message] of Object.entries(extraCheck?.(candidate) ?? {}))
        if (message) errors[field] = message;
      return errors;
    },
    [schema, labels, t, extraCheck],
  );

  const clientErrors = validate(values);
  const errorOf = (field: keyof V & string): string | undefined =>
    serverErrors[field] ?? (touched[field] ? clientErrors[field] : undefined);

  const marked = [
    ...Object.keys(values).filter((field) => errorOf(field as keyof V & string) !== undefined),
    ...Object.entries(others?.errors ?? {})
      .filter(([field, error]) => error && !(field in values))
      .map(([field]) => field),
  ];
  const serverMessage = Object.values(serverErrors).find((error) => error !== undefined);
  const formError =
    message ??
    (!refused || marked.length === 0
      ? null
      : (serverMessage ?? t('account:common.formErrors', { count: marked.length })));

  // Stable across renders, so children may depend on it in effects.
  const set = useCallback(<K extends keyof V & string>(field: K, value: V[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setServerErrors((e) => ({ ...e, [field]: undefined }));
  }, []);
  const touch = (field: keyof V & string) => setTouched((s) => ({ ...s, [field]: true }));

  /** Runs `action` with the parsed values when the form is valid; maps an API error onto the fields. */
  const submit = async (action: (parsed: V) => Promise<void>): Promise<boolean> => {
    if (busy.current) return false;
    setFormError(null);
    setRefused(false);
    const othersOk = others?.check() ?? true;
    const errors = validate(values);
    if (Object.keys(errors).length > 0 || !othersOk) {
      setTouched(Object.fromEntries(Object.keys(values).map((k) => [k, true])) as Partial<Record<keyof V, boolean>>);
      setRefused(true);
      focusFirstInvalid(Object.keys(errors));
      return false;
    }
    busy.current = true;
    setSubmitting(true);
    try {
      await action(schema.parse(values) as V);
      return true;
    } catch (error) {
      if (error instanceof ApiError) {
        const fields = (error.data as { fields?: string[] } | null)?.fields ?? [];
        const known = fields.filter((f) => f in values);
        setServerErrors(Object.fromEntries(known.map((f) => [f, error.message])));
        if (known.length > 0) setRefused(true);
        else setFormError(error.message);
        focusFirstInvalid(known);
      }
      return false;
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  };

  /** A text field bound for `Field` or `TextAreaField`: its name, value, handlers and error. */
  const field = (name: keyof V & string) => ({
    name,
    value: String(values[name] ?? ''),
    onChange: (value: string) => set(name, value as V[typeof name]),
    onBlur: () => touch(name),
    error: errorOf(name),
  });

  return { values, set, touch, errorOf, field, submit, submitting, formError, setFormError };
}

function focusFirstInvalid(fields: string[]): void {
  for (const field of fields) {
    const el = document.getElementById(`field-${field}`);
    if (el) {
      el.focus();
      return;
    }
  }
}
