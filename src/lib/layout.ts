export type LayoutName = 'complete' | 'default' | 'simple';

/**
 * Picks the page shell exactly as the spec says. `route` is the route's name (its pattern, e.g.
 * `/line/link`), `query` the address's query parameters.
 */
export function chooseLayout(route: string, query: URLSearchParams): LayoutName {
  const name = route.toLowerCase();
  if (name.includes('preview') || name.includes('externalpost') || query.has('preview')) return 'complete';
  if (name.includes('line')) return 'simple';
  if (/^\/member\/password\/?$/i.test(route) && query.get('firstLogin') === 'true') return 'simple';
  if (query.has('email')) return 'simple';
  if (query.get('identity') === 'thirdParty') return 'simple';
  return 'default';
}
