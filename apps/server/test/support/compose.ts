/**
 * What `docker compose` makes of docker-compose.yml, without Docker: the YAML read (the `yaml`
 * package, anchors, aliases and `<<` merges included), then compose's own steps: `${…}`
 * interpolated from the given environment, services of inactive profiles left out, and a
 * dependency on one of those an error unless it says `required: false` (then it is dropped, as
 * compose-go does).
 */

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';

export type Yaml = string | number | boolean | null | Yaml[] | { [key: string]: Yaml };
type YamlMap = { [key: string]: Yaml };

export interface ComposeService {
  readonly name: string;
  readonly raw: YamlMap;
  readonly image: string | undefined;
  readonly entrypoint: string[] | undefined;
  readonly command: string[] | undefined;
  /** `environment:`, as the container gets it (before its entrypoint runs). */
  readonly environment: Record<string, string>;
  /** Service → condition, for the dependencies left once profiles are applied. */
  readonly dependsOn: Record<string, string>;
}

export interface ComposeProject {
  readonly services: ReadonlyMap<string, ComposeService>;
}

/** `docker compose [--profile p …] config`, as far as these tests need it. */
export function loadCompose(text: string, o: { readonly profiles?: readonly string[]; readonly env: Readonly<Record<string, string>> }): ComposeProject {
  const doc = interpolate(parseYaml(text), o.env);
  if (!isMap(doc) || !isMap(doc.services)) throw new Error('compose: no services');
  const active = new Set(o.profiles ?? []);
  const all = doc.services;
  const enabled = (name: string): boolean => {
    const s = all[name];
    if (!isMap(s)) return false;
    return !Array.isArray(s.profiles) || s.profiles.some((p) => typeof p === 'string' && active.has(p));
  };
  const services = new Map<string, ComposeService>();
  for (const [name, s] of Object.entries(all)) {
    if (!isMap(s) || !enabled(name)) continue;
    const dependsOn: Record<string, string> = {};
    const deps = s.depends_on;
    const entries: [string, Yaml][] = Array.isArray(deps) ? deps.map((d) => [asText(d), {}]) : isMap(deps) ? Object.entries(deps) : [];
    for (const [dep, cfg] of entries) {
      const required = !(isMap(cfg) && cfg.required === false);
      if (!(dep in all)) throw new Error(`service ${JSON.stringify(name)} depends on undefined service ${JSON.stringify(dep)}`);
      if (!enabled(dep)) {
        if (required) throw new Error(`service ${JSON.stringify(name)} depends on undefined service ${JSON.stringify(dep)} (its profile is not active)`);
        continue;
      }
      dependsOn[dep] = isMap(cfg) && typeof cfg.condition === 'string' ? cfg.condition : 'service_started';
    }
    services.set(name, {
      name,
      raw: s,
      image: typeof s.image === 'string' ? s.image : undefined,
      entrypoint: argv(s.entrypoint),
      command: argv(s.command),
      environment: environment(s.environment),
      dependsOn,
    });
  }
  return { services };
}

function argv(v: Yaml | undefined): string[] | undefined {
  if (v === undefined || v === null) return undefined;
  if (Array.isArray(v)) return v.map(asText);
  throw new Error(`compose: a command as one string is not read here: ${JSON.stringify(v)}`);
}

function environment(v: Yaml | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (v === undefined || v === null) return out;
  if (Array.isArray(v)) {
    for (const e of v) {
      const [k = '', ...rest] = asText(e).split('=');
      out[k] = rest.join('=');
    }
    return out;
  }
  if (!isMap(v)) throw new Error('compose: environment is a map or a list');
  for (const [k, value] of Object.entries(v)) out[k] = asText(value);
  return out;
}

/** A scalar as compose reads it where a string goes (`3000`, `true`, empty for null). */
function asText(v: Yaml): string {
  if (v === null) return '';
  if (typeof v === 'object') throw new Error(`compose: a string was expected, not ${JSON.stringify(v)}`);
  return String(v);
}

export function isMap(v: Yaml | undefined): v is YamlMap {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

// --- interpolation -------------------------------------------------------------------------

function interpolate(v: Yaml, env: Readonly<Record<string, string>>): Yaml {
  if (typeof v === 'string') return expand(v, env);
  if (Array.isArray(v)) return v.map((x) => interpolate(x, env));
  if (isMap(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, interpolate(x, env)]));
  return v;
}

/** `$$`, `$VAR`, `${VAR}`, `${VAR:-default}`, `${VAR-default}`, `${VAR:?error}`, `${VAR?error}`; defaults may nest. */
export function expand(s: string, env: Readonly<Record<string, string>>): string {
  let out = '';
  let i = 0;
  while (i < s.length) {
    const c = s[i] as string;
    if (c !== '$') {
      out += c;
      i++;
      continue;
    }
    const next = s[i + 1];
    if (next === '$') {
      out += '$';
      i += 2;
      continue;
    }
    if (next === '{') {
      let depth = 1;
      let j = i + 2;
      for (; j < s.length && depth > 0; j++) {
        if (s[j] === '{') depth++;
        else if (s[j] === '}') depth--;
      }
      if (depth !== 0) throw new Error(`compose: unclosed \${ in ${JSON.stringify(s)}`);
      out += substitute(s.slice(i + 2, j - 1), env);
      i = j;
      continue;
    }
    const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(s.slice(i + 1));
    if (m === null) throw new Error(`compose: a lone $ in ${JSON.stringify(s)} (write $$)`);
    out += env[m[0]] ?? '';
    i += 1 + m[0].length;
  }
  return out;
}

function substitute(body: string, env: Readonly<Record<string, string>>): string {
  const m = /^([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])([\s\S]*))?$/.exec(body);
  if (m === null) throw new Error(`compose: cannot read \${${body}}`);
  const [, name = '', colon, op, rest = ''] = m;
  const value = env[name];
  const missing = value === undefined || (colon === ':' && value === '');
  if (op === undefined) return value ?? '';
  if (!missing) return value ?? '';
  if (op === '-') return expand(rest, env);
  throw new Error(`compose: required variable ${name} is missing a value: ${expand(rest, env)}`);
}

/**
 * The YAML read by the `yaml` package (YAML 1.1's `<<` merge keys on, as compose reads them);
 * a file it cannot read fails the test with the package's own error.
 */
export function parseYaml(text: string): Yaml {
  return parse(text, { merge: true }) as Yaml;
}

export function entrypointEnv(service: ComposeService, o: { readonly clusterOnNetwork: boolean }): Record<string, string> {
  const entrypoint = service.entrypoint;
  if (entrypoint === undefined) return { ...service.environment };
  const bin = mkdtempSync(join(tmpdir(), 'fives-entrypoint-'));
  try {
    const answer = o.clusterOnNetwork ? 0 : 1;
    writeFileSync(join(bin, 'node'), `#!/bin/sh\ncase "$2" in *"lookup('redis-c1'"*) exit ${answer} ;; esac\necho "unexpected: node $*" >&2\nexit 99\n`, { mode: 0o755 });
    const [file = '', ...args] = entrypoint;
    const run = spawnSync(file, [...args, 'env'], { env: { ...service.environment, PATH: `${bin}:/usr/bin:/bin` }, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`${service.name}'s entrypoint failed (${run.status}): ${run.stderr}`);
    const out: Record<string, string> = {};
    for (const line of run.stdout.split('\n')) {
      const eq = line.indexOf('=');
      if (eq > 0) out[line.slice(0, eq)] = line.slice(eq + 1);
    }
    const shells = new Set(['PATH', 'PWD', 'SHLVL', '_']);
    return Object.fromEntries(Object.entries(out).filter(([name]) => !shells.has(name)));
  } finally {
    rmSync(bin, { recursive: true, force: true });
  }
}
