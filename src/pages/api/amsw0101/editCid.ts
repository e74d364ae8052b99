import { changePasswordEndpoint } from '../_account-endpoints';

export const { PUT, ALL } = changePasswordEndpoint('individual');
