import type { TFunction } from 'i18next';
import { ApiError } from '@/client/api';

/** A problem the server or `submissionProblems` names: a field path (`authors.0.email`) and why. */
export interface FieldProblem {
  field: string;
  reason: string;
}

/** The id of a field's control: `title.zh` → `field-title-zh`, `authors.0.email` → `field-authors-0-email`. */
export function fieldId(field: string): string {
  return `field-${field.replace(/\./g, '-')}`;
}

/** A part the editor reopens (or did not), as the field it shows in. */
const PART_FIELDS: Record<string, string> = {
  title: 'title.zh',
  abstract: 'abstract.zh',
  topic: 'topicCode',
  keywords: 'keywords',
  authors: 'authors',
  manuscript: 'manuscript',
};

/** A field's name inside a sentence ("the title in English", "author 2’s e-mail"). */
export function fieldLabel(field: string, t: TFunction): string {
  const author = /^authors\.(\d+)\.(\w+)$/.exec(field);
  if (author) {
    const part = author[2] === 'nameEn' ? 'nameZh' : author[2]!;
    return t(`papers:author.fields.${part}`, { n: Number(author[1]) + 1 });
  }
  return t(`papers:author.fields.${field}`, { defaultValue: field });
}

/** A problem as a sentence in the reader's language. */
export function problemMessage(problem: FieldProblem, t: TFunction): string {
  const reason = [
    'required',
    'tooLong',
    'tooMany',
    'email',
    'onePresenting',
    'oneCorresponding',
    'partClosed',
  ].includes(problem.reason)
    ? problem.reason
    : 'required';
  if (reason === 'required' && problem.field === 'manuscript')
    return t('papers:author.problems.upload', { field: fieldLabel(problem.field, t) });
  return t(`papers:author.problems.${reason}`, { field: fieldLabel(problem.field, t) });
}

/**
 * A refusal's problems by field: `data.problems` where the server gave them (a submission), else
 * each of `data.fields` with the refusal's own message (a part the editor did not reopen, the
 * manuscript). Empty when the refusal names no field.
 */
export function refusalErrors(error: unknown, t: TFunction): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const data = (error.data ?? {}) as { fields?: string[]; problems?: FieldProblem[]; reason?: string };
  const errors: Record<string, string> = {};
  for (const problem of data.problems ?? []) errors[problem.field] ??= problemMessage(problem, t);
  for (const field of data.fields ?? []) errors[PART_FIELDS[field] ?? field] ??= error.message;
  return errors;
}

/** Moves focus to the first marked control of the page, in the order they are shown. */
export function focusFirstMarked(): void {
  const first = document.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]');
  first?.focus();
}
