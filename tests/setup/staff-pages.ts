import { readdirSync } from 'node:fs';
import path from 'node:path';

/** The second-factor page: every staff member's way into the console, open before the factor. */
export const SECOND_FACTOR_PAGE = '/staff/verify';

/**
 * The pages under src/pages/staff as addresses, sorted (`index` is its folder; a parameter stays
 * `[name]`): what the staff authorisation matrix, the accessibility scan and the bench's targets
 * must each cover, so a new page cannot be left out of them.
 */
export function staffPages(): string[] {
  const root = path.join(import.meta.dirname, '../../src/pages/staff');
  return (readdirSync(root, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((f) => f.endsWith('.astro'))
    .map((f) =>
      `/staff/${f
        .split(path.sep)
        .join('/')
        .replace(/\.astro$/, '')}`.replace(/\/index$/, ''),
    )
    .sort();
}
