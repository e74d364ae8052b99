import { ErrorCode } from '@/lib/error-codes';
import { articleIdBody, deskArticleView } from '@/lib/schemas/content-desk';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { unpublishArticle } from '@/server/services/articles/article-desk';

export const POST = endpoint({
  summary: 'Take a public or scheduled article off the site at once (it stays, withdrawn, for the editors)',
  description: 'Refused (-10, reason `articleNotPublic`) for a draft or an article already withdrawn.',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['editor'],
  body: articleIdBody,
  response: deskArticleView,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.DATA_CHECK, ErrorCode.NO_ARTICLE],
  handle: async ({ actor, body, clientIp }) => unpublishArticle(actor, body.articleId, await clientIp()),
});
export const ALL = methodNotAllowed;
