/** A search's words as an `ILIKE` pattern matching them anywhere, with `\`, `%` and `_` taken literally. */
export const escapeLike = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
