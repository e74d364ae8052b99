export type LayoutName = 'complete' | 'default' | 'simple';

/**
 * Picks the page shell as the spec says. `route` is the route's name (its pattern, e.g.
 * `/line/link`), `query` the address's query parameters. The spec's "the route name contains
 * preview" means a whole segment of the route: `/preview/article/[articleId]` is a preview,
 * `/member/membershipReview/[applicationId]` ("membershi-p review") is not.
 */
export function chooseLayout(route: string, query: URLSearchParams): LayoutName {
  const segments = new Set(
    route
      .toLowerCase()
      .split('/')
      .filter((s) => s !== ''),
  );
  if (segments.has('preview') || segments.has('externalpost') || query.has('preview')) return 'complete';
  if (segments.has('line')) return 'simple';
  if (/^\/member\/password\/?$/i.test(route) && query.get('firstLogin') === 'true') return 'simple';
  if (query.has('email')) return 'simple';
  if (query.get('identity') === 'thirdParty') return 'simple';
  return 'default';
}
