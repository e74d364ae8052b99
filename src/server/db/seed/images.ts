/** Demo artwork drawn as SVG, so the seed needs no binary files. */

function palette(hue: number): [string, string, string] {
  return [`hsl(${hue} 62% 42%)`, `hsl(${(hue + 40) % 360} 58% 56%)`, `hsl(${(hue + 200) % 360} 70% 92%)`];
}

/** A wide abstract banner for the carousel (no text: titles are drawn in HTML, in both languages). */
export function bannerSvg(hue: number, width = 1600, height = 600): string {
  const [a, b, c] = palette(hue);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<circle cx="${width * 0.82}" cy="${height * 0.3}" r="${height * 0.42}" fill="${c}" opacity="0.18"/>
<circle cx="${width * 0.62}" cy="${height * 0.95}" r="${height * 0.3}" fill="${c}" opacity="0.12"/>
<path d="M0 ${height * 0.78} C ${width * 0.25} ${height * 0.62}, ${width * 0.55} ${height * 0.95}, ${width} ${height * 0.7} L ${width} ${height} L 0 ${height} Z" fill="#ffffff" opacity="0.10"/>
<g fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="6"><path d="M${width * 0.78} ${height * 0.2} h60 M${width * 0.78 + 30} ${height * 0.2 - 30} v60"/></g>
</svg>`;
}

/** A card picture with a simple medical pictogram. */
export function cardSvg(hue: number, icon: 'book' | 'cross' | 'people' | 'chart'): string {
  const [a, b, c] = palette(hue);
  const icons = {
    book: '<path d="M300 170h90a30 30 0 0 1 30 30v150h-90a30 30 0 0 0-30 30zM500 170h-90a30 30 0 0 0-30 30v150h90a30 30 0 0 1 30 30z" transform="translate(-10 -10)"/>',
    cross: '<path d="M360 150h80v90h90v80h-90v90h-80v-90h-90v-80h90z"/>',
    people:
      '<circle cx="340" cy="210" r="45"/><circle cx="470" cy="210" r="45"/><path d="M260 380a80 80 0 0 1 160 0zM390 380a80 80 0 0 1 160 0z"/>',
    chart:
      '<path d="M280 390V180M280 390h260"/><path d="M320 360v-80h40v80zM390 360v-140h40v140zM460 360v-100h40v100z"/>',
  } as const;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500" viewBox="0 0 800 500">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
<rect width="800" height="500" fill="url(#g)"/><circle cx="400" cy="270" r="190" fill="${c}" opacity="0.2"/>
<g fill="#ffffff" stroke="#ffffff" stroke-width="14" stroke-linejoin="round" stroke-linecap="round" opacity="0.92">${icons[icon]}</g>
</svg>`;
}

/** A partner logo tile for the link block; the organisation's name is part of the logo. */
export function partnerSvg(hue: number, initials: string): string {
  const [a] = palette(hue);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="160" viewBox="0 0 400 160">
<rect width="400" height="160" rx="16" fill="#ffffff"/><rect x="1" y="1" width="398" height="158" rx="15" fill="none" stroke="${a}" stroke-width="2"/>
<circle cx="80" cy="80" r="46" fill="${a}"/><text x="80" y="94" font-family="sans-serif" font-size="38" font-weight="700" fill="#ffffff" text-anchor="middle">${initials.slice(0, 2)}</text>
<text x="145" y="92" font-family="sans-serif" font-size="34" font-weight="700" fill="${a}">${initials}</text>
</svg>`;
}

/** The society's mark in its brand colour, for light backgrounds. */
export function logoSvg(color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">
<circle cx="48" cy="48" r="44" fill="${color}"/>
<path d="M40 22h16v18h18v16H56v18H40V56H22V40h18z" fill="#ffffff"/>
<circle cx="48" cy="48" r="44" fill="none" stroke="#ffffff" stroke-opacity="0.5" stroke-width="3"/>
</svg>`;
}

export function faviconSvg(color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32">
<rect width="32" height="32" rx="7" fill="${color}"/><path d="M13 6h6v7h7v6h-7v7h-6v-7H6v-6h7z" fill="#ffffff"/>
</svg>`;
}
