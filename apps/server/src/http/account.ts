import { type AccountSession, AuthenticationAnswerSchema, ErrorCode, KeepNameRequestSchema, RegistrationAnswerSchema } from '@fives/protocol';
import {
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ChallengeStore } from '../accounts/challenges.ts';
import { skeleton } from '../accounts/skeleton.ts';
import { type Account, type AccountStore, infoOf } from '../accounts/store.ts';
import type { GameArchive } from '../archive/archive.ts';
import type { SafetyStore } from '../safety/store.ts';
import { type Identities, refusalOf } from '../identity/identify.ts';
import { type Player, type TokenSigner, bearerToken } from '../identity/token.ts';
import { problem } from '../tables/problems.ts';
import type { FollowStore } from '../friends/follows.ts';
import type { PushStore } from '../push/store.ts';
import { exportOf } from './export.ts';
import { sendProblem } from './reply.ts';
import { type ZodTypeProvider, answerSchemaRefusals, zodValidatorCompiler } from './schemas.ts';

export interface AccountRoutesOptions {
  readonly accounts: AccountStore;
  readonly archive: GameArchive;
  /** The reports and blocks a player made: in their export; a deleted account's blocks go. */
  readonly safety: SafetyStore;
  /** The browsers that get a player's notifications: in their export; a deleted account's go. */
  readonly push: PushStore;
  /** The people a player follows: a deleted account's follows go, and its name from the follows of it. */
  readonly follows: FollowStore;
  readonly challenges: ChallengeStore;
  readonly signer: TokenSigner;
  readonly identities: Identities;
  readonly now: () => Date;
  /** The relying party: PUBLIC_URL's host is the RP ID, its origin the expected one; unset, the request's. */
  readonly publicUrl: string | undefined;
  readonly challengeTtlMs: number;
}

const KeepNameBody = KeepNameRequestSchema.describe('the name to keep');
const RegistrationBody = RegistrationAnswerSchema.describe('the passkey registration');
const AuthenticationBody = AuthenticationAnswerSchema.describe('the passkey sign-in');
const PasskeyParams = z.strictObject({ passkeyId: z.string().min(1).max(1024) }).describe('the passkey id');

/** What a challenge was handed out for: keeping a name (or adding a passkey) for a player, or signing in. */
const ChallengeSchema = z.discriminatedUnion('purpose', [
  z.strictObject({ purpose: z.literal('register'), id: z.string(), name: z.string() }),
  z.strictObject({ purpose: z.literal('login') }),
]);
type Challenge = z.output<typeof ChallengeSchema>;

/**
 * Accounts over HTTP (docs/protocol.md, "Accounts"): keeping a guest's name with a passkey,
 * signing in with one on another device, the account's passkeys, and deleting it. Signing out
 * is the client's: a token is not a session the server holds, the client forgets it.
 */
export const accountRoutes: FastifyPluginAsync<AccountRoutesOptions> = async (plugin, o) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setErrorHandler(answerSchemaRefusals);

  const rp = (request: FastifyRequest): { rpID: string; origin: string } => {
    const url = new URL(o.publicUrl ?? `${request.protocol}://${request.host}`);
    return { rpID: url.hostname, origin: url.origin };
  };

  /** The token's player, or the refusal already sent. */
  const who = async (request: FastifyRequest, reply: FastifyReply): Promise<Player | FastifyReply> => {
    const token = bearerToken(request.headers.authorization);
    if (token === null) return sendProblem(reply, problem(ErrorCode.authRequired, 'this needs a token (Authorization: Bearer …) from POST /api/guests'));
    const checked = await o.identities.check(token);
    if (!checked.ok) return sendProblem(reply, problem(checked.code, refusalOf(checked)));
    return checked.player;
  };
  const isPlayer = (x: Player | FastifyReply): x is Player => 'id' in x && 'name' in x && !('send' in x);

  const session = (account: Account): AccountSession => {
    const player = { id: account.id, name: account.name };
    return { player, token: o.signer.sign(player), account: infoOf(account) };
  };

  /** The challenge an answer signed, taken (it answers once); null when the server does not hold it. */
  const takeChallenge = async (clientDataJSON: string): Promise<{ challenge: string; held: Challenge } | null> => {
    let challenge: unknown;
    try {
      challenge = (JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown }).challenge;
    } catch {
      return null;
    }
    if (typeof challenge !== 'string') return null;
    const text = await o.challenges.take(challenge, o.now().getTime());
    if (text === null) return null;
    const held = ChallengeSchema.safeParse(JSON.parse(text));
    return held.success ? { challenge, held: held.data } : null;
  };
  const noChallenge = (reply: FastifyReply): FastifyReply =>
    sendProblem(reply, problem(ErrorCode.challengeExpired, 'this passkey answer is to a challenge the server does not hold (answered already, or expired); ask for new options'));

  app.post('/api/account/register/options', { schema: { body: KeepNameBody } }, async (request, reply) => {
    const player = await who(request, reply);
    if (!isPlayer(player)) return player;
    const existing = await o.accounts.account(player.id);
    // An account adds a passkey under the name it keeps; a guest asks for theirs (or a new one).
    const name = existing?.name ?? request.body.name ?? player.name;
    if (existing === null) {
      const holder = await o.accounts.holder(skeleton(name));
      if (holder !== null)
        return sendProblem(reply, problem(ErrorCode.nameTaken, `another player keeps the name ${JSON.stringify(name)}, or one that looks the same; choose another`));
    }
    const { rpID } = rp(request);
    const options = await generateRegistrationOptions({
      rpName: 'Fives',
      rpID,
      userName: name,
      userDisplayName: name,
      userID: new TextEncoder().encode(player.id),
      attestationType: 'none',
      excludeCredentials: (existing?.passkeys ?? []).map((p) => ({ id: p.id, transports: [...p.transports] })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      timeout: o.challengeTtlMs,
    });
    await o.challenges.put(options.challenge, JSON.stringify({ purpose: 'register', id: player.id, name }), o.challengeTtlMs, o.now().getTime());
    return { options };
  });

  app.post('/api/account/register/verify', { schema: { body: RegistrationBody } }, async (request, reply) => {
    const player = await who(request, reply);
    if (!isPlayer(player)) return player;
    const response = request.body.response as unknown as RegistrationResponseJSON;
    const taken = await takeChallenge(response.response.clientDataJSON);
    if (taken === null || taken.held.purpose !== 'register' || taken.held.id !== player.id) return noChallenge(reply);
    const { rpID, origin } = rp(request);
    let verified;
    try {
      verified = await verifyRegistrationResponse({ response, expectedChallenge: taken.challenge, expectedOrigin: origin, expectedRPID: rpID, requireUserVerification: true });
    } catch (error) {
      return sendProblem(reply, problem(ErrorCode.passkeyRefused, `the passkey registration does not verify: ${(error as Error).message}`));
    }
    if (!verified.verified) return sendProblem(reply, problem(ErrorCode.passkeyRefused, 'the passkey registration does not verify'));
    const c = verified.registrationInfo.credential;
    const at = o.now().toISOString();
    const passkey = { id: c.id, publicKey: c.publicKey, counter: c.counter, transports: c.transports ?? [], createdAt: at, lastUsedAt: null };
    const name = taken.held.name;
    const created = await o.accounts.create({ id: player.id, name, skeleton: skeleton(name), passkey });
    if (created === 'name_taken') return sendProblem(reply, problem(ErrorCode.nameTaken, `another player has just kept the name ${JSON.stringify(name)}; choose another`));
    if (created === 'exists') await o.accounts.addPasskey(player.id, passkey);
    const account = await o.accounts.account(player.id);
    if (account === null) throw new Error('an account just made is not there');
    return session(account);
  });

  app.post('/api/account/login/options', async (request) => {
    const { rpID } = rp(request);
    // No allowCredentials: the authenticator offers the passkeys it holds for this site (discoverable).
    const options = await generateAuthenticationOptions({ rpID, userVerification: 'required', timeout: o.challengeTtlMs });
    await o.challenges.put(options.challenge, JSON.stringify({ purpose: 'login' }), o.challengeTtlMs, o.now().getTime());
    return { options };
  });

  app.post('/api/account/login/verify', { schema: { body: AuthenticationBody } }, async (request, reply) => {
    const response = request.body.response as unknown as AuthenticationResponseJSON;
    const taken = await takeChallenge(response.response.clientDataJSON);
    if (taken === null || taken.held.purpose !== 'login') return noChallenge(reply);
    const account = await o.accounts.byPasskey(response.id);
    const passkey = account?.passkeys.find((p) => p.id === response.id);
    if (account === null || passkey === undefined) return sendProblem(reply, problem(ErrorCode.passkeyRefused, 'no account has this passkey (removed, or its account deleted)'));
    const { rpID, origin } = rp(request);
    let verified;
    try {
      verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: taken.challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: { id: passkey.id, publicKey: new Uint8Array(passkey.publicKey), counter: passkey.counter, transports: [...passkey.transports] },
        requireUserVerification: true,
      });
    } catch (error) {
      return sendProblem(reply, problem(ErrorCode.passkeyRefused, `the passkey sign-in does not verify: ${(error as Error).message}`));
    }
    if (!verified.verified) return sendProblem(reply, problem(ErrorCode.passkeyRefused, 'the passkey sign-in does not verify'));
    await o.accounts.used(passkey.id, verified.authenticationInfo.newCounter, o.now().toISOString());
    return session((await o.accounts.account(account.id)) ?? account);
  });

  const mine = async (request: FastifyRequest, reply: FastifyReply): Promise<Account | FastifyReply> => {
    const player = await who(request, reply);
    if (!isPlayer(player)) return player;
    const account = await o.accounts.account(player.id);
    if (account === null) return sendProblem(reply, problem(ErrorCode.accountNotFound, 'this player keeps no name: there is no account'));
    return account;
  };
  const isAccount = (x: Account | FastifyReply): x is Account => 'passkeys' in x;

  app.get('/api/account', async (request, reply) => {
    const account = await mine(request, reply);
    return isAccount(account) ? infoOf(account) : account;
  });

  app.delete('/api/account/passkeys/:passkeyId', { schema: { params: PasskeyParams } }, async (request, reply) => {
    const account = await mine(request, reply);
    if (!isAccount(account)) return account;
    const removed = await o.accounts.removePasskey(account.id, request.params.passkeyId);
    switch (removed) {
      case 'removed':
        return infoOf((await o.accounts.account(account.id)) ?? account);
      case 'not_found':
        return sendProblem(reply, problem(ErrorCode.passkeyNotFound, 'this account has no passkey with that id'));
      case 'last':
        return sendProblem(reply, problem(ErrorCode.lastPasskey, "that is the account's only passkey; delete the account instead"));
    }
  });

  app.get('/api/account/export', async (request, reply) => {
    const player = await who(request, reply);
    if (!isPlayer(player)) return player;
    const data = await exportOf(player, o);
    return reply.header('content-disposition', `attachment; filename="fives-${player.id}.json"`).send(data);
  });

  app.delete('/api/account', async (request, reply) => {
    const account = await mine(request, reply);
    if (!isAccount(account)) return account;
    // The archive first: a failure between the two leaves an account to delete again, never a name shown for a deleted one.
    await o.archive.forget(account.id);
    await o.safety.forget(account.id);
    await o.push.forget(account.id);
    await o.follows.forget(account.id);
    await o.accounts.delete(account.id);
    // And again: a game of theirs archived between the two steps wrote the name back; from
    // here on the archive sees the id among the deleted ones and writes none.
    await o.archive.forget(account.id);
    return { deleted: account.id };
  });
};
