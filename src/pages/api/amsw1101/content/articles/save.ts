import { ErrorCode } from '@/lib/error-codes';
import { articleSaveBody, deskArticleView } from '@/lib/schemas/content-desk';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { saveArticle } from '@/server/services/articles/article-desk';

export const POST = endpoint({
  summary: 'Write an article (new without `articleId`), as a draft or published with `publish`',
  description:
    'The zh-tw title is required. Rich text is sanitised before it is stored. A `publishedOn` day after today schedules the article. The change reaches every serving process before the answer; the audit log keeps the changed fields (of the bodies, their length only).',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['editor'],
  body: articleSaveBody,
  response: deskArticleView,
  codes: [
    ErrorCode.NO_PERMISSION,
    ErrorCode.DATA_CHECK,
    ErrorCode.DATE_FORMAT,
    ErrorCode.NO_ARTICLE,
    ErrorCode.NO_ARTICLE_CLASS,
  ],
  handle: async ({ actor, body, clientIp }) => saveArticle(actor, body, await clientIp()),
});
export const ALL = methodNotAllowed;
