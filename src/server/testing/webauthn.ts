// A software passkey for the API tests: an ES256 key pair that answers WebAuthn registration
// ('none' attestation) and sign-in challenges as a browser's authenticator would, with Node's crypto.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64 = (data: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(data));

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

function authenticatorData(rpID: string, flags: number, counter: number, attested: Buffer = Buffer.alloc(0)) {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpID), Buffer.from([flags]), count, attested]);
}

export type SoftPasskey = ReturnType<typeof createSoftPasskey>;

/** One passkey on one device; `state.counter` is the counter it last signed with. */
export function createSoftPasskey({ rpID, origin, counter = 0 }: { rpID: string; origin: string; counter?: number }) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credentialId = randomBytes(16);
  const state = { counter };

  function coseKey(key: KeyObject): Uint8Array {
    const jwk = key.export({ format: 'jwk' });
    if (!jwk.x || !jwk.y) throw new Error('no EC coordinates');
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y, 'base64url'))],
      ]),
    );
  }

  return {
    id: b64(credentialId),
    state,
    /** The browser's answer to registration options with this `challenge`. */
    register(challenge: string, { userVerified = true }: { userVerified?: boolean } = {}) {
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, Buffer.from(coseKey(publicKey))]);
      const flags = FLAG_USER_PRESENT | FLAG_ATTESTED_DATA | (userVerified ? FLAG_USER_VERIFIED : 0);
      const authData = authenticatorData(rpID, flags, state.counter, attested);
      const noStatement = new Map<string, string>();
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Map<string, string> | Uint8Array>([
          ['fmt', 'none'],
          ['attStmt', noStatement],
          ['authData', new Uint8Array(authData)],
        ]),
      );
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64(clientData('webauthn.create', challenge, origin)),
          attestationObject: b64(attestationObject),
          transports: ['internal' as const],
        },
        clientExtensionResults: {},
      };
    },
    /** The browser's signed answer to sign-in options with this `challenge`; the counter moves on. */
    assert(challenge: string, { userVerified = true }: { userVerified?: boolean } = {}) {
      // A device that keeps a counter moves it on for every signature; zero means it keeps none.
      if (state.counter > 0) state.counter += 1;
      const authData = authenticatorData(
        rpID,
        FLAG_USER_PRESENT | (userVerified ? FLAG_USER_VERIFIED : 0),
        state.counter,
      );
      const data = clientData('webauthn.get', challenge, origin);
      const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), privateKey);
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64(data),
          authenticatorData: b64(authData),
          signature: b64(signature),
        },
        clientExtensionResults: {},
      };
    },
  };
}
