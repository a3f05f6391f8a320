import { AccountExportSchema, ProblemSchema } from '@fives/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PostgresArchive } from '../../src/archive/postgres.ts';
import { guest } from '../support/client.ts';
import { type TestDatabase, testDatabase } from '../support/postgres.ts';
import { type TestBrowser, TestPushService } from '../support/push-service.ts';
import { type TestServer, startServer } from '../support/server.ts';

/**
 * Issue 27, notifications: a browser subscribes, and a note sent to its person reaches it through
 * a push service (the test's own, on loopback), signed with the site's VAPID key and encrypted
 * for that browser alone: the service checks the one and decrypts the other as a browser would.
 * The keys are made once and kept in PostgreSQL, so a second node signs with the same pair.
 */

let db: TestDatabase;
let archive: PostgresArchive;
let service: TestPushService;
let server: TestServer;
beforeAll(async () => {
  db = await testDatabase();
  archive = await PostgresArchive.connect({ url: db.url, log: () => {} });
  service = await TestPushService.start();
  server = await startServer({ seed: 'push', archive, push: archive.pushStore(), pushInsecureEndpoints: true, vapid: { keys: null, subject: 'mailto:ops@fives.example.org' } });
});
afterAll(async () => {
  // The server closes its archive.
  await server.close();
  await service.close();
  await db.drop();
});

const Problem = z.strictObject({ error: ProblemSchema });
const Info = z.strictObject({ publicKey: z.string(), kinds: z.array(z.string()) });

async function subscribe(token: string, browser: TestBrowser, kinds: readonly string[], lang = 'en', url = server.url): Promise<Response> {
  return fetch(`${url}/api/push/subscription`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ ...browser.subscription, expirationTime: null, kinds, lang }),
  });
}

describe('Web Push', () => {
  it('delivers a note only to the browsers that asked for its kind, signed and encrypted for each, in its language', async () => {
    const ada = await guest(server.url, 'Ada');
    const [phone, laptop] = [service.browser('ada-phone'), service.browser('ada-laptop')];
    expect((await subscribe(ada.token, phone, ['challenge'], 'es')).status).toBe(200);
    expect(await (await subscribe(ada.token, laptop, ['turn'])).json()).toEqual({ kinds: ['turn'] });

    const note = { kind: 'challenge', params: { from: 'Bob' }, url: '/t/abc', tag: 'challenge-bob' } as const;
    expect(await server.app.notifier.notify(ada.player.id, note)).toBe(1);
    expect(service.failures).toEqual([]);
    expect(service.notesFor('ada-phone')).toEqual([{ ...note, lang: 'es' }]);
    expect(service.notesFor('ada-laptop')).toEqual([]);
    const info = Info.parse(await (await fetch(`${server.url}/api/push`)).json());
    const delivered = service.deliveries.at(-1);
    expect(delivered?.vapid).toMatchObject({ sub: 'mailto:ops@fives.example.org', aud: service.origin, key: info.publicKey });
    expect(delivered?.headers.urgency).toBe('high');

    await server.app.notifier.notify(ada.player.id, { kind: 'turn', params: { table: 'abc' }, url: '/t/abc', tag: 'turn-abc' });
    expect(service.notesFor('ada-laptop')).toHaveLength(1);
  });

  it('forgets a browser the push service says is gone, and one unsubscribed', async () => {
    const bob = await guest(server.url, 'Bob');
    const [old, current] = [service.browser('bob-old'), service.browser('bob-new')];
    await subscribe(bob.token, old, ['challenge']);
    await subscribe(bob.token, current, ['challenge']);
    service.gone.add('bob-old');
    expect(await server.app.notifier.notify(bob.player.id, { kind: 'challenge', params: { from: 'Ada' }, url: '/', tag: 't' })).toBe(1);
    expect((await archive.pushStore().subscriptionsOf(bob.player.id)).map((s) => s.endpoint)).toEqual([current.subscription.endpoint]);

    const res = await fetch(`${server.url}/api/push/subscription`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bob.token}` },
      body: JSON.stringify({ endpoint: current.subscription.endpoint }),
    });
    expect(await res.json()).toEqual({ kinds: [] });
    expect(await server.app.notifier.notify(bob.player.id, { kind: 'challenge', params: { from: 'Ada' }, url: '/', tag: 't' })).toBe(0);
  });

  it('refuses bad subscriptions with a typed error and keeps nothing', async () => {
    const cy = await guest(server.url, 'Cy');
    const b = service.browser('cy');
    const cases: [object, string][] = [
      [{ ...b.subscription, keys: { ...b.subscription.keys, p256dh: 'c2hvcnQ' }, kinds: ['turn'], lang: 'en' }, 'message/invalid'],
      [{ ...b.subscription, kinds: ['everything'], lang: 'en' }, 'message/invalid'],
      [{ ...b.subscription, kinds: ['turn'], lang: 'english please' }, 'message/invalid'],
      [{ ...b.subscription, endpoint: 'not a url', kinds: ['turn'], lang: 'en' }, 'message/invalid'],
    ];
    for (const [body, code] of cases) {
      const res = await fetch(`${server.url}/api/push/subscription`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${cy.token}` },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(400);
      expect(Problem.parse(await res.json()).error.code).toBe(code);
    }
    const anonymous = await fetch(`${server.url}/api/push/subscription`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...b.subscription, kinds: [], lang: 'en' }),
    });
    expect(Problem.parse(await anonymous.json()).error.code).toBe('auth/required');
    expect(await archive.pushStore().subscriptionsOf(cy.player.id)).toEqual([]);
  });

  it('takes only https: endpoints on a server that does not allow plain http (production)', async () => {
    const own = await PostgresArchive.connect({ url: db.url, log: () => {} });
    const strict = await startServer({ seed: 'push-strict', archive: own, push: own.pushStore() });
    try {
      const dee = await guest(strict.url, 'Dee');
      const res = await subscribe(dee.token, service.browser('dee'), ['turn'], 'en', strict.url);
      expect(res.status).toBe(400);
      expect(Problem.parse(await res.json()).error.code).toBe('push/endpoint_refused');
      expect(await archive.pushStore().subscriptionsOf(dee.player.id)).toEqual([]);
      // Another node on the same database signs with the same kept key.
      const [one, two] = await Promise.all([fetch(`${server.url}/api/push`), fetch(`${strict.url}/api/push`)]);
      expect(Info.parse(await one.json()).publicKey).toBe(Info.parse(await two.json()).publicKey);
    } finally {
      await strict.close();
    }
  });

  it("lists a person's browsers in their data export (without the browsers' keys)", async () => {
    const eve = await guest(server.url, 'Eve');
    const b = service.browser('eve');
    await subscribe(eve.token, b, ['tournament', 'turn'], 'fr');
    const res = await fetch(`${server.url}/api/account/export`, { headers: { authorization: `Bearer ${eve.token}` } });
    const data = AccountExportSchema.parse(await res.json());
    expect(data.notifications).toEqual([{ endpoint: b.subscription.endpoint, kinds: ['turn', 'tournament'], lang: 'fr', since: expect.any(String) as string }]);
  });
});
