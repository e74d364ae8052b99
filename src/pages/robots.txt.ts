import type { APIRoute } from 'astro';
import { siteOrigin } from '@/server/services/site/site-origin';

/** Crawlers may read the public pages; personal areas, previews, tickets, the doors and the API stay out. */
export const GET: APIRoute = async ({ url }) => {
  const origin = await siteOrigin(url.origin);
  const lines = ['User-agent: *', 'Allow: /'];
  for (const area of [
    '/member/',
    '/webUser/center',
    '/organ/center',
    '/preview/',
    '/ticket/',
    '/door',
    '/line/',
    '/api/',
    '/password/reset',
  ]) {
    for (const prefix of ['', '/zh-tw', '/en-us']) {
      if (area === '/api/' && prefix) continue;
      lines.push(`Disallow: ${prefix}${area}`);
    }
  }
  lines.push('', `Sitemap: ${origin}/sitemap.xml`, '');
  return new Response(lines.join('\n'), {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'public, max-age=0, s-maxage=300, must-revalidate',
    },
  });
};
