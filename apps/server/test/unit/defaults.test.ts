import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../src/config.ts';
import { DEFAULTS } from '../../src/defaults.ts';
import { DEFAULT_VAPID_SUBJECT } from '../../src/push/keys.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

interface Row {
  readonly name: string;
  /** The default as the table states it, when it is a value one could set (null: a description, "unset" and the like). */
  readonly value: string | null;
}

/** README's settings table ("| setting | default | what |"), a row per variable (`PORT`, `HOST` share one). */
function settingsTable(): Row[] {
  const lines = readFileSync(path.join(ROOT, 'README.md'), 'utf8').split('\n');
  const header = lines.findIndex((l) => /^\| setting \| default \| what \|$/.test(l));
  expect(header, 'README has its settings table').toBeGreaterThan(-1);
  const rows: Row[] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    const [names = '', defaults = ''] = line
      .slice(1)
      .split('|')
      .map((cell) => cell.trim());
    const ticked = (cell: string): string[] => [...cell.matchAll(/`([^`]*)`/g)].map((m) => m[1] as string);
    const literal = /^`[^`]*`(, `[^`]*`)*$/.test(defaults);
    const named = ticked(names);
    const values = literal ? ticked(defaults) : [];
    if (literal) expect(values, line).toHaveLength(named.length);
    named.forEach((name, i) => rows.push({ name, value: literal ? (values[i] as string) : null }));
  }
  return rows;
}

/** Another value of the same kind, which a variable that is read at all must change the settings with. */
function another(value: string): string {
  if (/^\d+$/.test(value)) return String(Number(value) + 1);
  const rate = /^(\d+)\/(\d+)$/.exec(value);
  if (rate !== null) return `${Number(rate[1]) + 1}/${rate[2]}`;
  return `${value}x`;
}

/** Every variable configFromEnv looks at: an environment that notes what is asked of it. */
function variablesRead(): Set<string> {
  const asked = new Set<string>();
  const env = new Proxy<NodeJS.ProcessEnv>(
    {},
    {
      get: (_target, name) => {
        if (typeof name === 'string') asked.add(name);
        return undefined;
      },
    },
  );
  configFromEnv(env);
  return asked;
}

/** The settings with nothing set. */
const unset = configFromEnv({});

describe("README's settings table", () => {
  const rows = settingsTable();

  it('names every variable the server reads, and none it does not', () => {
    expect(rows.map((r) => r.name).sort()).toEqual([...variablesRead()].sort());
  });

  it('states the default the server falls back to: set to it, nothing changes; set to another value, something does', () => {
    const stated = rows.filter((r): r is Row & { value: string } => r.value !== null && r.name !== 'WEB_ROOT');
    expect(stated.length).toBeGreaterThan(20);
    for (const { name, value } of stated) {
      expect(configFromEnv({ [name]: value }), `${name}=${value}`).toEqual(unset);
      expect(configFromEnv({ [name]: another(value) }), `${name}=${another(value)}`).not.toEqual(unset);
    }
  });

  it('gives the web root as a path from the repository root, where the server looks for it', () => {
    const webRoot = rows.find((r) => r.name === 'WEB_ROOT')?.value;
    expect(webRoot).toBeTypeOf('string');
    expect(unset.options.webRoot).toBe(path.join(ROOT, webRoot as string));
  });
});

describe('the defaults module', () => {
  it('is what the settings fall back to, each in its variable’s unit (the process drains; a built server does not)', () => {
    expect(unset).toMatchObject({
      port: DEFAULTS.port,
      host: DEFAULTS.host,
      redisPrefix: DEFAULTS.redisPrefix,
      logLevel: DEFAULTS.logLevel,
      recordRetentionMs: DEFAULTS.recordRetentionMs,
      redisConnectTimeoutMs: DEFAULTS.redisConnectTimeoutMs,
      redisCommandTimeoutMs: DEFAULTS.redisCommandTimeoutMs,
    });
    expect(unset.options).toEqual({
      vapid: { keys: null, subject: DEFAULT_VAPID_SUBJECT },
      webRoot: unset.options.webRoot,
      botDelayMs: DEFAULTS.botDelayMs,
      botBudget: { ms: DEFAULTS.botBudgetMs },
      botWorkers: DEFAULTS.botWorkers,
      handPauseMs: DEFAULTS.handPauseMs,
      graceMs: DEFAULTS.graceMs,
      mugginsWindowMs: DEFAULTS.mugginsWindowMs,
      queueTurnSeconds: DEFAULTS.queueTurnSeconds,
      queueBans: DEFAULTS.queueBans,
      jobPollMs: DEFAULTS.jobPollMs,
      jobLeaseMs: DEFAULTS.jobLeaseMs,
      limits: DEFAULTS.limits,
      trustedProxies: DEFAULTS.trustedProxies,
      corsOrigins: [],
      tableTtlMs: DEFAULTS.tableTtlMs,
      tokenTtlMs: DEFAULTS.tokenTtlMs,
      drainMs: DEFAULTS.processDrainMs,
    });
  });

  it('gives the bot threads as README says: the cores less one, at least one; 0 is an answer (none on this node)', () => {
    expect(DEFAULTS.botWorkers).toBe(Math.max(1, availableParallelism() - 1));
    expect(configFromEnv({ BOT_WORKERS: '0' }).options.botWorkers).toBe(0);
    expect(() => configFromEnv({ BOT_WORKERS: 'two' })).toThrow(/BOT_WORKERS must be a whole number/);
  });
});
