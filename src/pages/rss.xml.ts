import type { APIRoute } from 'astro';
import { getT } from '@/i18n';
import { rssXml } from '@/lib/feeds';
import { localePath } from '@/lib/paths';
import { siteOrigin } from '@/server/services/site/site-origin';
import { listArticles } from '@/server/services/articles/list-articles';
import { getWebInfo } from '@/server/services/site/get-web-info';

/** The news as RSS 2.0 in the reader's language (`/rss.xml`, `/en-us/rss.xml`): the latest 20 articles. */
export const GET: APIRoute = async ({ url, locals }) => {
  const { locale } = locals;
  const [origin, webInfo, news] = await Promise.all([
    siteOrigin(url.origin),
    getWebInfo(locale),
    listArticles({ page: 1, pageSize: 20 }, locale),
  ]);
  const absolute = (path: string) => new URL(localePath(path, locale), origin).href;
  const xml = rssXml(
    {
      title: `${webInfo.name} – ${getT(locale)('titles.news')}`,
      description: webInfo.seoContent,
      link: absolute('/news/list'),
      self: absolute('/rss.xml'),
      locale,
    },
    news.list.map((item) => ({
      title: item.title,
      description: item.summary,
      link: absolute(`/article/detail/${item.articleId}`),
      category: item.categoryName,
      published: new Date(item.publishedAt),
    })),
  );
  return new Response(xml, {
    headers: {
      'Content-Type': 'application/rss+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=0, s-maxage=60, must-revalidate',
    },
  });
};
