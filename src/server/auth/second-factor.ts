/**
 * The staff's second factor (DESIGN.md §19, decision 016): time-based one-time codes (TOTP,
 * RFC 6238, as authenticator apps make them, with otplib) and single-use recovery codes.
 */
import { randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { keyedHash } from './secrets';

/** How long a passed second factor lets a session use its staff roles. */
export const STAFF_FACTOR_MS = 12 * 60 * 60 * 1000;

/** Codes of one period either side of now are taken (a phone's clock a little off). */
const TOLERANCE_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The `otpauth://` address an authenticator app reads from the QR code. */
export function otpauthUri(issuer: string, label: string, secret: string): string {
  return generateURI({ issuer, label, secret });
}

/** Six digits, spaces allowed between them (as apps show them). */
export function isTotpShape(code: string): boolean {
  return /^\d{6}$/.test(code.replace(/\s/g, ''));
}

/**
 * The time step a code belongs to, or null when it is wrong or not newer than `afterTimeStep`
 * (the last step the account used: a code is taken once).
 */
export async function totpStep(secret: string, code: string, afterTimeStep: number): Promise<number | null> {
  const result = await verify({
    secret,
    token: code.replace(/\s/g, ''),
    epochTolerance: TOLERANCE_SECONDS,
    afterTimeStep,
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Letters and digits nobody misreads (no 0/O, 1/I/L). */
const RECOVERY_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const RECOVERY_CODE_COUNT = 10;

/** Ten codes of ten characters (about 49 bits each), shown as `XXXXX-XXXXX`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });
}

/** What is kept of a recovery code: a keyed hash of it as typed any way (case, dashes, spaces). */
export function recoveryCodeHash(key: Buffer, code: string): string {
  return keyedHash(key, code.toUpperCase().replace(/[^0-9A-Z]/g, ''));
}
