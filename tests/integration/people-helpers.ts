import { correctionInitial } from '../../src/lib/schemas/staff';
import type { signedInOn } from './own-server';

type Staff = Awaited<ReturnType<typeof signedInOn>>;

/** The person's details as the correction form sends them, from their story. */
export async function correctionOf(staff: Staff, accountId: number) {
  const story = await staff.call<{ account: Parameters<typeof correctionInitial>[0] }>(
    `/api/amsw1101/people/story?accountId=${accountId}`,
  );
  return {
    accountId,
    ...correctionInitial(story.data.account),
    reason: 'Per the member’s call',
  };
}
