import { logoutEndpoint } from '../_account-endpoints';

export const { GET, ALL } = logoutEndpoint('individual');
