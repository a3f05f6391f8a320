import { CHALLENGE_TTL_MS, type FriendChallenge, type GuestResponse, type Problem } from '@fives/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GameApp, build } from '../../src/app.ts';
import { MemoryTableStore } from '../../src/store/memory.ts';
import { FakeClock } from '../support/clock.ts';
import { TEST_SECRET } from '../support/server.ts';

// A friend's challenge waits CHALLENGE_TTL_MS for its answer, on the server's clock: on one node
// in memory, the clock the app was built with (a test's, here), not the machine's.
const RULES = { preset: 'allFives', players: 2 } as const;
const bearer = (token: string): { authorization: string } => ({ authorization: `Bearer ${token}` });

describe("a friend's challenge on one node in memory", () => {
  const clock = new FakeClock();
  let app: GameApp;
  beforeAll(async () => {
    app = await build({ store: new MemoryTableStore(), secret: TEST_SECRET, logger: false, webRoot: null, now: clock.now });
  });
  afterAll(() => app.close());

  const guest = async (name: string): Promise<GuestResponse> => (await app.inject({ method: 'POST', url: '/api/guests', payload: { name } })).json<GuestResponse>();
  /** Ada follows Bob, knowing him from the table he made, and challenges him. */
  async function challenge(ada: GuestResponse, bob: GuestResponse): Promise<FriendChallenge> {
    const made = await app.inject({ method: 'POST', url: '/api/tables', headers: bearer(bob.token), payload: { rules: RULES } });
    const { tableId } = made.json<{ tableId: string }>();
    expect((await app.inject({ method: 'PUT', url: `/api/follows/${bob.player.id}`, headers: bearer(ada.token), payload: { tableId } })).statusCode).toBe(200);
    const sent = await app.inject({ method: 'POST', url: '/api/challenges', headers: bearer(ada.token), payload: { playerId: bob.player.id, rules: RULES } });
    expect(sent.statusCode).toBe(201);
    return sent.json<{ challenge: FriendChallenge }>().challenge;
  }
  const accept = (bob: GuestResponse, id: string) => app.inject({ method: 'POST', url: `/api/challenges/${id}/accept`, headers: bearer(bob.token) });

  it('is answered up to its last moment, and is gone after it', async () => {
    const [ada, bob] = [await guest('Ada'), await guest('Bob')];
    const early = await challenge(ada, bob);
    expect(early.expiresAt).toBe(new Date(clock.ms_ + CHALLENGE_TTL_MS).toISOString());
    clock.advance(CHALLENGE_TTL_MS - 1);
    expect((await accept(bob, early.id)).statusCode).toBe(200);

    const late = await challenge(ada, bob);
    clock.advance(CHALLENGE_TTL_MS);
    const refused = await accept(bob, late.id);
    expect([refused.statusCode, refused.json<{ error: Problem }>().error.code]).toEqual([404, 'challenge/not_found']);
  });
});
