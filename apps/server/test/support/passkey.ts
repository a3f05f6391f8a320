import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software authenticator for inject() tests: an ES256 key per passkey, "none" attestation,
 * user present and verified. It answers the server's options as a browser's
 * `navigator.credentials` would, in the JSON form `@simplewebauthn/browser` sends.
 * (The browser test uses Chromium's own virtual authenticator instead.)
 */
export interface SoftPasskey {
  readonly id: string;
  readonly userHandle: string;
  counter: number;
  readonly privateKey: ReturnType<typeof generateKeyPairSync>['privateKey'];
}

const b64 = (b: Uint8Array): string => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string): Buffer => createHash('sha256').update(b).digest();

export interface CreationOptions {
  readonly challenge: string;
  readonly rp: { readonly id?: string };
  readonly user: { readonly id: string };
}

export interface RequestOptions {
  readonly challenge: string;
  readonly rpId?: string;
}

export function register(options: CreationOptions, origin: string, o: { userVerified?: boolean } = {}): { passkey: SoftPasskey; response: Record<string, unknown> } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x as string, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y as string, 'base64url'))],
    ]),
  );
  const credId = randomBytes(16);
  const flags = 0x01 | (o.userVerified === false ? 0 : 0x04) | 0x40;
  const length = Buffer.alloc(2);
  length.writeUInt16BE(credId.length);
  const authData = Buffer.concat([sha256(options.rp.id ?? 'localhost'), Buffer.from([flags]), Buffer.alloc(4), Buffer.alloc(16), length, credId, Buffer.from(cose)]);
  const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false }));
  const attestation = isoCBOR.encode(
    new Map<string, string | Map<string, string> | Uint8Array>([
      ['fmt', 'none'],
      ['attStmt', new Map<string, string>()],
      ['authData', new Uint8Array(authData)],
    ]),
  );
  const id = b64(credId);
  return {
    passkey: { id, userHandle: options.user.id, counter: 0, privateKey },
    response: {
      id,
      rawId: id,
      type: 'public-key',
      response: { clientDataJSON: b64(clientData), attestationObject: b64(attestation), transports: ['internal'] },
      clientExtensionResults: {},
    },
  };
}

export function authenticate(passkey: SoftPasskey, options: RequestOptions, origin: string): Record<string, unknown> {
  passkey.counter += 1;
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(passkey.counter);
  const authData = Buffer.concat([sha256(options.rpId ?? 'localhost'), Buffer.from([0x05]), counter]);
  const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false }));
  const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), passkey.privateKey);
  return {
    id: passkey.id,
    rawId: passkey.id,
    type: 'public-key',
    response: { clientDataJSON: b64(clientData), authenticatorData: b64(authData), signature: b64(signature), userHandle: passkey.userHandle },
    clientExtensionResults: {},
  };
}
