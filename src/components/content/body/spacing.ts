import type { Spacing } from '@/lib/content-types';

/** The gap between the sections and entries of a body, by its `spacing`. */
export const SPACING_GAP: Record<Spacing, string> = {
  dense: 'gap-3',
  comfortable: 'gap-6',
  loose: 'gap-10',
};
