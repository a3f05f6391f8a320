import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type GameApp, build } from '../../src/app.ts';
import { SchemaRefusal, zodValidatorCompiler } from '../../src/http/schemas.ts';
import { TEST_SECRET } from '../support/server.ts';

/**
 * The HTTP routes check their params and bodies with the protocol's zod schemas through
 * Fastify's schema mechanism (http/schemas.ts). Each refusal is pinned here whole, as the
 * hand-rolled parse before it answered, so the move changed no answer a client sees.
 */
describe('route schemas', () => {
  let app: GameApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    app = await build({ secret: TEST_SECRET, logger: false, webRoot: null });
    const guest = await app.inject({ method: 'POST', url: '/api/guests', payload: { name: 'Ada' } });
    auth = { authorization: `Bearer ${guest.json<{ token: string }>().token}` };
  });
  afterAll(async () => {
    await app.close();
  });

  const refused = (message: string, issues: { path: string; message: string }[], code = 'message/invalid'): unknown => ({ error: { code, message, issues } });
  const guest = 'the guest request does not fit its schema';
  const table = 'the table request does not fit its schema';
  const cases: [string, () => InjectOptions, number, unknown][] = [
    [
      'a guest without a name',
      () => ({ method: 'POST', url: '/api/guests', payload: {} }),
      400,
      refused(guest, [{ path: 'name', message: 'Invalid input: expected string, received undefined' }]),
    ],
    [
      'a guest request of JSON null',
      () => ({ method: 'POST', url: '/api/guests', headers: { 'content-type': 'application/json' }, payload: 'null' }),
      400,
      refused(guest, [{ path: '', message: 'Invalid input: expected object, received null' }]),
    ],
    [
      'a guest request with a key too many',
      () => ({ method: 'POST', url: '/api/guests', payload: { name: 'Ada', extra: 1 } }),
      400,
      refused(guest, [{ path: '', message: 'Unrecognized key: "extra"' }]),
    ],
    [
      'a table request without a token, whatever its body',
      () => ({ method: 'POST', url: '/api/tables', payload: { rules: 5 } }),
      401,
      { error: { code: 'auth/required', message: 'creating a table needs a guest token (Authorization: Bearer …) from POST /api/guests' } },
    ],
    [
      'a table request with a bad token, whatever its body',
      () => ({ method: 'POST', url: '/api/tables', headers: { authorization: 'Bearer x.y' }, payload: { rules: 5 } }),
      401,
      { error: { code: 'auth/invalid_token', message: 'creating a table needs a guest token (Authorization: Bearer …) from POST /api/guests' } },
    ],
    [
      'a table of seven players',
      () => ({ method: 'POST', url: '/api/tables', headers: auth, payload: { rules: { players: 7 } } }),
      400,
      refused(table, [{ path: 'rules.players', message: 'players must be 2, 3 or 4' }], 'rules/invalid'),
    ],
    [
      'a table of no seats',
      () => ({ method: 'POST', url: '/api/tables', headers: auth, payload: { rules: { players: 2 }, seats: [] } }),
      400,
      refused(table, [
        { path: 'seats', message: 'Too small: expected array to have >=2 items' },
        { path: 'seats', message: 'the rules seat 2 players, but 0 seats are given' },
      ]),
    ],
    [
      'a table id in capitals',
      () => ({ method: 'GET', url: '/api/tables/BADBAD' }),
      400,
      refused('the table id does not fit its schema', [{ path: 'id', message: 'a table id is 6 to 32 lowercase letters and digits' }]),
    ],
    [
      'a table code too short',
      () => ({ method: 'GET', url: '/api/codes/xx?ignored=1' }),
      400,
      refused('the table code does not fit its schema', [{ path: 'code', message: 'a table code is 6 characters: digits 2-9 and letters other than I, L, O and U' }]),
    ],
    [
      'a game number of 0',
      () => ({ method: 'GET', url: '/api/tables/abcdef12/games/0/record' }),
      400,
      refused('the record address does not fit its schema', [{ path: 'n', message: 'Too small: expected number to be >=1' }]),
    ],
    [
      'a record address wrong twice',
      () => ({ method: 'GET', url: '/api/tables/ABC/games/abc/record' }),
      400,
      refused('the record address does not fit its schema', [
        { path: 'id', message: 'a table id is 6 to 32 lowercase letters and digits' },
        { path: 'n', message: 'Invalid input: expected number, received NaN' },
      ]),
    ],
  ];
  it.each(cases)('refuses %s with exactly its old answer', async (_name, request, status, body) => {
    const res = await app.inject(request());
    expect(res.statusCode).toBe(status);
    expect(res.json()).toStrictEqual(body);
  });

  it('refuses a request with no body at all as not an object', async () => {
    // Fastify hands a schema a missing body as null (zod was given undefined before the move).
    const res = await app.inject({ method: 'POST', url: '/api/guests' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toStrictEqual(refused(guest, [{ path: '', message: 'Invalid input: expected object, received null' }]));
  });

  it('hands the handlers what the schemas parse to: a code normalised, a game number coerced', async () => {
    const created = await app.inject({ method: 'POST', url: '/api/tables', headers: auth, payload: { rules: { players: 2 } } });
    expect(created.statusCode).toBe(201);
    const { tableId, code } = created.json<{ tableId: string; code: string }>();
    const byCode = await app.inject({ method: 'GET', url: `/api/codes/${code.toLowerCase()}` });
    expect(byCode.statusCode).toBe(200);
    expect(byCode.json<{ id: string }>().id).toBe(tableId);
    // "01" reaches the service as the number 1: no game has been played, so no record (not a 400).
    const record = await app.inject({ method: 'GET', url: `/api/tables/${tableId}/games/01/record` });
    expect(record.json<{ error: { code: string } }>().error.code).not.toBe('message/invalid');
  });

  it('leaves other errors of these routes to the server-wide handler', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/guests', headers: { 'content-type': 'application/json' }, payload: '{"name":' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'message/invalid' } });
    expect(res.json<{ error: { issues?: unknown } }>().error.issues).toBeUndefined();
  });
});

describe('the zod validator compiler', () => {
  const validate = zodValidatorCompiler({ schema: z.strictObject({ n: z.coerce.number().int() }), method: 'GET', url: '/x/:n', httpPart: 'params' });

  it('gives the parsed value, which Fastify puts in place of the raw one', () => {
    expect(validate({ n: '7' })).toStrictEqual({ value: { n: 7 } });
  });

  it('refuses with a Problem that names the part when the schema has no description', () => {
    const result = validate({ n: 'seven' });
    const error = typeof result === 'object' && 'error' in result ? result.error : null;
    expect(error).toBeInstanceOf(SchemaRefusal);
    expect(error instanceof SchemaRefusal ? { status: error.statusCode, problem: error.problem } : null).toStrictEqual({
      status: 400,
      problem: {
        code: 'message/invalid',
        message: "the request's params does not fit its schema",
        issues: [{ path: 'n', message: 'Invalid input: expected number, received NaN' }],
      },
    });
  });
});
