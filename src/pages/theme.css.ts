import type { APIRoute } from 'astro';
import { themeCss } from '@/lib/theme';
import { getWebInfo } from '@/server/services/site/get-web-info';

/** The brand colour from web info as CSS (see src/lib/theme.ts). */
export const GET: APIRoute = async () => {
  const { color } = await getWebInfo('zh-tw');
  return new Response(themeCss(color), {
    headers: { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'public, max-age=86400' },
  });
};
