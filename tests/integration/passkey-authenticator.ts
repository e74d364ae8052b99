/**
 * A software passkey for tests: an ES256 key pair that answers WebAuthn ceremonies the way a
 * browser and an authenticator do together (`none` attestation), built by hand so the tests check
 * the portal's verification, not a library's idea of it. Its answers have the JSON shape
 * `@simplewebauthn/browser` sends.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest();

/** User present and user verified (WebAuthn §6.1 flags). */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface CeremonyOptions {
  /** The origin the browser writes into the client data (default: the authenticator's). */
  origin?: string;
  /** Leave the user-verified flag out (a touch without a PIN or fingerprint). */
  unverified?: boolean;
  /** The signature counter to report (default: one more than the last answer's). */
  counter?: number;
}

export function softwarePasskey(origin: string) {
  const rpId = new URL(origin).hostname;
  const credentialId = randomBytes(16);
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' }) as {
    privateKey: KeyObject;
    publicKey: KeyObject;
  };
  const jwk = publicKey.export({ format: 'jwk' });
  // The COSE key (RFC 9053): kty EC2, alg ES256, crv P-256, x, y.
  const coseKey = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
  let counter = 0;

  const authData = (flags: number, count: number, attested?: Buffer) => {
    const head = Buffer.alloc(37);
    sha256(rpId).copy(head, 0);
    head.writeUInt8(flags, 32);
    head.writeUInt32BE(count, 33);
    return attested ? Buffer.concat([head, attested]) : head;
  };
  const clientData = (type: string, challenge: string, options: CeremonyOptions) =>
    Buffer.from(JSON.stringify({ type, challenge, origin: options.origin ?? origin, crossOrigin: false }));
  const flagsOf = (options: CeremonyOptions, extra = 0) => UP | (options.unverified ? 0 : UV) | extra;

  return {
    id: b64url(credentialId),
    /** The answer to `navigator.credentials.create` for the server's options. */
    register(options: { challenge: string }, ceremony: CeremonyOptions = {}) {
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, Buffer.from(coseKey)]);
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData(flagsOf(ceremony, AT), 0, attested)],
        ]) as Parameters<typeof isoCBOR.encode>[0],
      );
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, ceremony)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
    /** The answer to `navigator.credentials.get` for the server's options, signed with the key. */
    assert(options: { challenge: string }, ceremony: CeremonyOptions = {}) {
      counter = ceremony.counter ?? counter + 1;
      const data = authData(flagsOf(ceremony), counter);
      const client = clientData('webauthn.get', options.challenge, ceremony);
      const signature = sign('sha256', Buffer.concat([data, sha256(client)]), privateKey);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(client),
          authenticatorData: b64url(data),
          signature: b64url(signature),
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}
