import { organisationAccountResponse } from '@/lib/schemas/account-responses';
import { accountEndpoint } from '../_account-endpoints';

export const { GET, ALL } = accountEndpoint('organ', organisationAccountResponse);
