import { gatewayPostBody, gatewayReturnQuery } from '@/lib/schemas/payments';
import { isAppError } from '@/server/app-error';
import { endpoint } from '@/server/http/endpoint';
import { type GatewayOutcome, receiveGatewayPost } from '@/server/services/payments/pay-orders';
import { returnPage } from '@/server/services/payments/return-page';

/**
 * A post the gateway makes through the member's browser (the return after paying, the ATM or store
 * code issued): verified and applied like the notify, then a 303 to the GET page of what was paid,
 * since a cross-site form post carries no session cookie.
 */
export function browserPost(kind: 'return' | 'customer', summary: string) {
  return endpoint({
    summary,
    tags: ['payments'],
    bodyType: 'form',
    query: gatewayReturnQuery,
    body: gatewayPostBody,
    handle: async ({ body, query }) => {
      let outcome: GatewayOutcome | null = null;
      try {
        outcome = await receiveGatewayPost(kind, body);
      } catch (error) {
        if (!isAppError(error)) throw error;
      }
      return new Response(null, {
        status: 303,
        headers: { Location: await returnPage(outcome, query.lang ?? 'zh-tw'), 'Cache-Control': 'no-store' },
      });
    },
  });
}
