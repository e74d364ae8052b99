import type { APIRoute } from 'astro';
import { sitemapXml } from '@/lib/feeds';
import { siteOrigin } from '@/server/services/site/site-origin';
import { listPublicPages } from '@/server/services/site/list-public-pages';

/** Every public page in both languages (sitemaps.org), for search engines. */
export const GET: APIRoute = async ({ url }) => {
  const xml = sitemapXml(await listPublicPages(), await siteOrigin(url.origin));
  return new Response(xml, {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'public, max-age=0, s-maxage=60, must-revalidate',
    },
  });
};
