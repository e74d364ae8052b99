import { checkEmailEndpoint } from '../_account-endpoints';

export const { POST, ALL } = checkEmailEndpoint('individual');
