/**
 * The default brand colour: white text on it reaches 4.79:1 (WCAG AA asks 4.5:1 for text).
 * Decision record 014 says why it is no longer #2C7AD5 (4.33:1).
 */
export const DEFAULT_BRAND_COLOR = '#2B72CC';

/** The society's colour if it is a valid #RRGGBB, else the default. */
export function brandColor(value: string | null | undefined): string {
  return value && /^#[0-9a-f]{6}$/i.test(value) ? value.toUpperCase() : DEFAULT_BRAND_COLOR;
}

/** WCAG's relative luminance of a #RRGGBB colour. */
export function relativeLuminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG's contrast ratio of two #RRGGBB colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The site sets white text on the brand colour (buttons, badges, the sign-in button) and uses it
 * for focus rings on white, so a brand colour must give white text WCAG AA's 4.5:1.
 */
export const BRAND_MIN_CONTRAST = 4.5;

export function brandContrast(color: string): number {
  return contrastRatio(brandColor(color), '#FFFFFF');
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
