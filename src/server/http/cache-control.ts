/**
 * Marks a page as the same for every anonymous reader: browsers revalidate it, the front cache
 * (and any shared cache) may keep it briefly. Never use on a page that shows personal data.
 */
export function cachePublicly(response: { headers: Headers }, seconds = 30): void {
  response.headers.set('Cache-Control', `public, max-age=0, s-maxage=${seconds}, must-revalidate`);
  response.headers.set('Vary', 'Cookie');
}
