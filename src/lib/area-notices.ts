/**
 * Notes an account area page shows at the top when another page sent the reader there, named in
 * the address (`?notice=noApplication`): only these keys, so the address never carries text.
 */
export const AREA_NOTICES = ['noApplication', 'noOrder', 'paperSubmitted'] as const;
export type AreaNotice = (typeof AREA_NOTICES)[number];

/** The notice an address's `notice` value names, or null for none or an unknown one. */
export function areaNoticeOf(value: string | null): AreaNotice | null {
  return (AREA_NOTICES as readonly string[]).includes(value ?? '') ? (value as AreaNotice) : null;
}

/** `path` (already localised) with a notice to show there. */
export function withAreaNotice(path: string, notice: AreaNotice): string {
  return `${path}?notice=${notice}`;
}
