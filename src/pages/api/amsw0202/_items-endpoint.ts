import type { z } from 'zod';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { ErrorCode } from '@/lib/error-codes';
import { indexPartQuery } from '@/lib/schemas/site';
import { getIndexPartItems } from '@/server/services/site/get-index-part-items';

/** GET ?indexPartId=N for one block type; the entries answer under `listKey`. */
export function itemsEndpoint(
  type: 'carousel' | 'card' | 'link',
  listKey: 'carouselList' | 'cardList' | 'imageLinkList',
  response: z.ZodType,
) {
  return {
    GET: endpoint({
      summary: `The entries of one ${type} block of the home page`,
      tags: ['home'],
      query: indexPartQuery,
      response,
      codes: [ErrorCode.NO_DATA],
      publicMaxAge: 30,
      handle: async ({ query, locale }) => {
        const { items, ...part } = await getIndexPartItems(query.indexPartId, type, locale);
        return { ...part, [listKey]: items };
      },
    }),
    ALL: methodNotAllowed,
  };
}
