/** Each named field's label, as the form's words give it (`c` reads the desk's form texts). */
export function labelsOf(c: (key: string) => string, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, c(name)]));
}

/** The form's starting texts: each named field as stored, empty for a new item or a missing text. */
export function storedTexts<T, N extends keyof T & string>(item: T | undefined, names: readonly N[]) {
  return Object.fromEntries(names.map((name) => [name, String(item?.[name] ?? '')])) as Record<N, string>;
}
