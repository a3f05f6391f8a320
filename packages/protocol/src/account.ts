import { z } from 'zod';
import { NameSchema, PlayerIdSchema } from './ids.ts';

/**
 * Accounts (docs/protocol.md#accounts): a guest keeps their name with a passkey, and signs in
 * with it on another device. The WebAuthn options and answers are the JSON forms the browser's
 * `@simplewebauthn/browser` takes and gives (`optionsJSON`, `RegistrationResponseJSON`,
 * `AuthenticationResponseJSON`); the server checks their outline here and their content with
 * `@simplewebauthn/server`.
 */

const base64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/, { error: 'base64url text' });

/** `POST /api/account/register/options`: the name to keep (default: the token's). */
export const KeepNameRequestSchema = z.strictObject({ name: NameSchema.optional() });
export type KeepNameRequest = z.input<typeof KeepNameRequestSchema>;

export const RegistrationAnswerSchema = z.strictObject({
  response: z.looseObject({
    id: base64url,
    rawId: base64url,
    type: z.literal('public-key'),
    response: z.looseObject({ clientDataJSON: base64url, attestationObject: base64url, transports: z.array(z.string().max(32)).max(8).optional() }),
    clientExtensionResults: z.looseObject({}),
  }),
});

export const AuthenticationAnswerSchema = z.strictObject({
  response: z.looseObject({
    id: base64url,
    rawId: base64url,
    type: z.literal('public-key'),
    response: z.looseObject({ clientDataJSON: base64url, authenticatorData: base64url, signature: base64url, userHandle: base64url.optional() }),
    clientExtensionResults: z.looseObject({}),
  }),
});

/** A passkey as its account sees it: never its key. */
export const PasskeyInfoSchema = z.strictObject({ id: z.string(), createdAt: z.iso.datetime(), lastUsedAt: z.iso.datetime().nullable() });
export type PasskeyInfo = z.output<typeof PasskeyInfoSchema>;

/** `GET /api/account`. */
export const AccountInfoSchema = z.strictObject({ id: PlayerIdSchema, name: z.string(), createdAt: z.iso.datetime(), passkeys: z.array(PasskeyInfoSchema) });
export type AccountInfo = z.output<typeof AccountInfoSchema>;

/** What keeping a name and signing in answer: the player, a token for them, their account. */
export const AccountSessionSchema = z.strictObject({
  player: z.strictObject({ id: PlayerIdSchema, name: z.string() }),
  token: z.string(),
  account: AccountInfoSchema,
});
export type AccountSession = z.output<typeof AccountSessionSchema>;

export const accountPaths = {
  account: '/api/account',
  registerOptions: '/api/account/register/options',
  registerVerify: '/api/account/register/verify',
  loginOptions: '/api/account/login/options',
  loginVerify: '/api/account/login/verify',
  passkey: (id: string): string => `/api/account/passkeys/${encodeURIComponent(id)}`,
  tokenRefresh: '/api/tokens/refresh',
  export: '/api/account/export',
} as const;
