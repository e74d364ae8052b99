import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { searchQuery, searchResponse } from '@/lib/schemas/search';
import { searchSite } from '@/server/services/search/search';

export const GET = endpoint({
  summary:
    'Site search: published articles, events, journal papers, pages and their downloads holding every word asked',
  description:
    'Chinese is found anywhere inside the text, simplified and traditional alike; English by its word forms, ' +
    'case and accents ignored. Items with text only in the other language are found too (`otherLanguage`). ' +
    'A download (`file`) is found by its label, or by the title of the item naming it (`parentTitle`), while that item is public. ' +
    'Only what the public may read now is answered; `counts` gives the results of each kind for filters. ' +
    'An empty `q` or one over 200 characters answers -10; punctuation alone finds nothing.',
  tags: ['search'],
  query: searchQuery,
  response: searchResponse,
  publicMaxAge: 30,
  handle: ({ query, locale }) =>
    searchSite({
      q: query.q,
      kind: query.kind,
      year: query.year,
      when: query.when,
      page: query.page,
      locale: query.locale ?? locale,
    }),
});
export const ALL = methodNotAllowed;
