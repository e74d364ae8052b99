import { resetPasswordEndpoint } from '../_account-endpoints';

export const { PUT, ALL } = resetPasswordEndpoint('individual');
