/** A `LIKE`/`ILIKE` pattern that finds `value` anywhere, its own `%`, `_` and `\` matched as themselves. */
export const containsPattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
