export const DEFAULT_BRAND_COLOR = '#2C7AD5';

/** The society's colour if it is a valid #RRGGBB, else the default. */
export function brandColor(value: string | null | undefined): string {
  return value && /^#[0-9a-f]{6}$/i.test(value) ? value.toUpperCase() : DEFAULT_BRAND_COLOR;
}

/**
 * The brand colour is a tiny stylesheet rather than an inline style, so the page CSP can forbid
 * inline styles; the colour in the address makes a changed colour a new, cacheable file.
 */
export function themeStylesheetUrl(color: string): string {
  return `/theme.css?c=${encodeURIComponent(brandColor(color).slice(1))}`;
}

export function themeCss(color: string): string {
  return `:root{--brand:${brandColor(color)}}\n`;
}
