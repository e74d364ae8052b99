import { createHash } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { lineSimulatorCodes } from '../../db/schema';
import { tokenHash } from '../../auth/secrets';
import { runtime } from '../../runtime';

export interface LineIdentity {
  userId: string;
  displayName: string;
}

/** LINE Login (OAuth 2.0 with PKCE), real or simulated. */
export interface LineLogin {
  readonly simulated: boolean;
  authorizeUrl(input: { state: string; codeChallenge: string; redirectUri: string; origin: string }): string;
  /** Exchanges the code for the LINE user; null when LINE refuses it. */
  exchange(input: { code: string; codeVerifier: string; redirectUri: string }): Promise<LineIdentity | null>;
}

export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

const AUTHORIZE = 'https://access.line.me/oauth2/v2.1/authorize';
const TOKEN = 'https://api.line.me/oauth2/v2.1/token';
const PROFILE = 'https://api.line.me/v2/profile';

function realLineLogin(channelId: string, channelSecret: string): LineLogin {
  return {
    simulated: false,
    authorizeUrl: ({ state, codeChallenge, redirectUri }) => {
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: channelId,
        redirect_uri: redirectUri,
        state,
        scope: 'profile openid',
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      });
      return `${AUTHORIZE}?${query}`;
    },
    exchange: async ({ code, codeVerifier, redirectUri }) => {
      const tokenResponse = await fetch(TOKEN, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          client_id: channelId,
          client_secret: channelSecret,
          code_verifier: codeVerifier,
        }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!tokenResponse.ok) return null;
      const { access_token: accessToken } = (await tokenResponse.json()) as { access_token?: string };
      if (!accessToken) return null;
      const profile = await fetch(PROFILE, {
        headers: { Authorization: `Bearer ${accessToken}` },
        signal: AbortSignal.timeout(10_000),
      });
      if (!profile.ok) return null;
      const body = (await profile.json()) as { userId?: string; displayName?: string };
      return body.userId ? { userId: body.userId, displayName: body.displayName ?? '' } : null;
    },
  };
}

/**
 * The built-in simulator (DESIGN.md §9): the same protocol against our own consent page
 * (/line/simulator), with codes kept in the database and the PKCE check done as LINE does it.
 */
const simulatedLineLogin: LineLogin = {
  simulated: true,
  authorizeUrl: ({ state, codeChallenge, redirectUri, origin }) => {
    const query = new URLSearchParams({ state, code_challenge: codeChallenge, redirect_uri: redirectUri });
    return `${origin}/line/simulator?${query}`;
  },
  exchange: async ({ code, codeVerifier, redirectUri }) => {
    const { db } = (await runtime()).database;
    const [row] = await db
      .update(lineSimulatorCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(lineSimulatorCodes.codeHash, tokenHash(code)),
          isNull(lineSimulatorCodes.usedAt),
          gt(lineSimulatorCodes.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!row || row.redirectUri !== redirectUri || row.codeChallenge !== pkceChallenge(codeVerifier)) return null;
    return { userId: row.lineUserId, displayName: row.displayName };
  },
};

/**
 * LINE Login as configured: the real one with a channel; without one, the simulator in the demo
 * and tests only (SEED_DEMO=true). On a live start without a channel LINE is not offered: null.
 */
export async function lineLogin(): Promise<LineLogin | null> {
  const { config } = await runtime();
  if (config.LINE_CHANNEL_ID && config.LINE_CHANNEL_SECRET)
    return realLineLogin(config.LINE_CHANNEL_ID, config.LINE_CHANNEL_SECRET);
  return config.SEED_DEMO ? simulatedLineLogin : null;
}
