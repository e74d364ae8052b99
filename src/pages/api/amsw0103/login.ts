import { loginEndpoint } from '../_account-endpoints';

export const { POST, ALL } = loginEndpoint('organ');
