import type { Timeout } from '@fives/protocol';
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { tableJobKey } from '../../src/jobs/job.ts';
import { TestClient, createTable, guest } from '../support/client.ts';
import { FakeClock } from '../support/clock.ts';
import { killed, spawnNode } from '../support/process.ts';
import { redisStore, uniquePrefix } from '../support/redis.ts';
import { type TestServer, startServer } from '../support/server.ts';

/**
 * The node that set a turn timer is killed (SIGKILL: nothing of it runs again) long before the
 * timer is due; another node, on a clock the test moves on, finds the job in Redis and fires it.
 */
describe('a timer whose node died', () => {
  const prefix = uniquePrefix();
  let child: ChildProcess | null = null;
  let survivor: TestServer | null = null;
  const clients: TestClient[] = [];
  afterAll(async () => {
    for (const c of clients) c.close();
    if (child !== null) await killed(child);
    await survivor?.close();
  });

  it('still fires, on another node, and the table is told', async () => {
    const clock = new FakeClock(Date.now());
    survivor = await startServer({ store: await redisStore(prefix), now: clock.now, seed: 'survivor' });
    const doomed = await spawnNode(prefix);
    child = doomed.child;

    const ada = await guest(doomed.url, 'Ada');
    const { tableId } = await createTable(doomed.url, ada.token, { players: 2 }, [{ type: 'human' }, { type: 'bot', level: 'easy' }], {
      turnSeconds: 60,
    });
    const a = await TestClient.connect(doomed.url, ada.token);
    clients.push(a);
    await a.join(tableId);
    expect((await a.request('table:start', { tableId })).ok).toBe(true);
    const timed = await a.waitForState((s) => s.table.timers.turn?.seat === 0);
    const deadline = Date.parse(timed.table.timers.turn!.at);

    // The step the doomed node set with the change that started Ada's turn: due by her deadline
    // (sooner: it also looks at whether she is still connected, each grace period).
    const job = await survivor.app.store.jobs.dueAt(tableJobKey(tableId));
    expect(job?.payload).toBe(timed.version);
    expect(job!.at).toBeLessThanOrEqual(deadline);
    await killed(doomed.child);
    a.close();
    expect(await survivor.app.store.jobs.dueAt(tableJobKey(tableId))).toEqual(job);

    // Ada comes back through the survivor; her turn runs out there.
    const back = await TestClient.connect(survivor.url, ada.token);
    clients.push(back);
    expect(await back.join(tableId)).toMatchObject({ seat: 0, version: timed.version });
    const told = back.waitFor<Timeout>('table:timeout');
    clock.advance(deadline - clock.now().getTime());
    await survivor.app.jobs.poll();
    const timeout = await told;
    expect(timeout).toEqual({ tableId, seat: 0, version: timed.version + 1 });
    const moved = await back.waitForState((s) => s.version >= timeout.version);
    expect(moved.view!.hand!.log.at(-1)).toMatchObject({ seat: 0 });
    // Bounds a process start on a shared CPU; nothing here is timed.
  }, 60_000);
});
