import { imageLinkResponse } from '@/lib/schemas/site';
import { itemsEndpoint } from './_items-endpoint';

export const { GET, ALL } = itemsEndpoint('link', 'imageLinkList', imageLinkResponse);
