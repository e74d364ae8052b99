import { carouselResponse } from '@/lib/schemas/site';
import { itemsEndpoint } from './_items-endpoint';

export const { GET, ALL } = itemsEndpoint('carousel', 'carouselList', carouselResponse);
