import { individualAccountResponse } from '@/lib/schemas/account-responses';
import { accountEndpoint } from '../_account-endpoints';

export const { GET, ALL } = accountEndpoint('individual', individualAccountResponse);
