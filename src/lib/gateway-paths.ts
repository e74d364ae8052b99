/**
 * Where the payment gateway posts (DESIGN.md §9): the notify (server to server), the browser's
 * return after paying, and the ATM or store code issued. They are authenticated by the message's
 * signature, not by a session, so the origin check lets the gateway's cross-site posts through.
 */
export const GATEWAY_PATHS = {
  notify: '/api/amsw0501/newebpay/notify',
  return: '/api/amsw0501/newebpay/return',
  customer: '/api/amsw0501/newebpay/customer',
} as const;

const SIGNED_POSTS = new Set<string>(Object.values(GATEWAY_PATHS));

/** A path whose posts are signed by the gateway. */
export function isSignedGatewayPost(path: string): boolean {
  return SIGNED_POSTS.has(path);
}
