import type { AstroGlobal } from 'astro';

/**
 * The opening of every page a mailed link opens with its token in the address (`?token=`: a
 * review link, an address's verification): the page is never cached, sends no referrer (a link
 * followed from it must not carry the token away), and its language switch keeps the address in
 * the browser (`locals.secretQuery`). Answers the token, '' when there is none.
 */
export function mailedLinkPage(astro: AstroGlobal): string {
  astro.response.headers.set('Referrer-Policy', 'no-referrer');
  astro.response.headers.set('Cache-Control', 'no-store');
  astro.locals.secretQuery = true;
  return astro.url.searchParams.get('token') ?? '';
}
