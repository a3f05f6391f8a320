/**
 * What `docker compose` makes of docker-compose.yml, without Docker: the YAML read (the subset
 * the file uses — block maps and lists, one-line flow `[…]`/`{…}`, quoted and plain scalars,
 * `|` blocks, anchors, aliases and `<<` merges), then compose's own steps: `${…}` interpolated
 * from the given environment, services of inactive profiles left out, and a dependency on one
 * of those an error unless it says `required: false` (then it is dropped, as compose-go does).
 * Anything outside that subset throws: a test fails rather than reading the file wrong.
 */

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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

// --- YAML (the subset) ---------------------------------------------------------------------

interface Line {
  readonly indent: number;
  /** Without indentation and comment. */
  readonly text: string;
  /** As written, for `|` blocks. */
  readonly raw: string;
}

export function parseYaml(text: string): Yaml {
  const lines: Line[] = text.split('\n').map((raw) => {
    const indent = raw.length - raw.trimStart().length;
    return { indent, text: stripComment(raw).trim(), raw };
  });
  const anchors = new Map<string, Yaml>();
  let at = 0;

  const skipBlank = (): void => {
    while (at < lines.length && (lines[at] as Line).text === '') at++;
  };
  const peek = (): Line | undefined => {
    skipBlank();
    return lines[at];
  };

  const block = (indent: number): Yaml => {
    const first = peek();
    if (first === undefined || first.indent < indent) return null;
    return first.text === '-' || first.text.startsWith('- ') ? sequence(first.indent) : mapping(first.indent);
  };

  const mapping = (indent: number): YamlMap => {
    const own: YamlMap = {};
    const merged: YamlMap[] = [];
    for (let line = peek(); line !== undefined && line.indent === indent; line = peek()) {
      const kv = splitKey(line.text);
      if (kv === null) throw new Error(`yaml: expected "key: value" at line ${at + 1}: ${line.text}`);
      at++;
      const value = valueAfter(kv.rest, indent, true);
      if (kv.key === '<<') {
        for (const m of Array.isArray(value) ? value : [value]) {
          if (!isMap(m)) throw new Error(`yaml: << merges maps only (line ${at})`);
          merged.push(m);
        }
      } else {
        if (kv.key in own) throw new Error(`yaml: key ${kv.key} twice (line ${at})`);
        own[kv.key] = value;
      }
    }
    const out: YamlMap = {};
    for (const m of merged) for (const [k, v] of Object.entries(m)) if (!(k in out)) out[k] = v;
    return { ...out, ...own };
  };

  const sequence = (indent: number): Yaml[] => {
    const out: Yaml[] = [];
    for (let line = peek(); line !== undefined && line.indent === indent && (line.text === '-' || line.text.startsWith('- ')); line = peek()) {
      const rest = line.text.slice(1).trim();
      if (rest !== '' && splitKey(rest) !== null && !/^["'[{*&|]/.test(rest)) {
        // A map in a list item: read the line again as if "- " were indentation.
        const inner = indent + (line.raw.slice(indent).length - line.raw.slice(indent + 1).trimStart().length);
        lines[at] = { indent: inner, text: rest, raw: ' '.repeat(inner) + rest };
        out.push(mapping(inner));
      } else {
        at++;
        out.push(valueAfter(rest, indent, false));
      }
    }
    return out;
  };

  /** What follows `key:` or `- `: a scalar, a flow, an alias, an anchor, a `|` block or a nested block. */
  const valueAfter = (rest: string, indent: number, inMap: boolean): Yaml => {
    let anchor: string | undefined;
    let r = rest;
    const a = /^&([\w-]+)\s*(.*)$/.exec(r);
    if (a !== null) {
      anchor = a[1];
      r = a[2] ?? '';
    }
    let value: Yaml;
    if (r === '') {
      const next = peek();
      if (next !== undefined && next.indent > indent) value = block(next.indent);
      else if (inMap && next !== undefined && next.indent === indent && (next.text === '-' || next.text.startsWith('- '))) value = sequence(indent);
      else value = null;
    } else if (r.startsWith('*')) {
      const name = r.slice(1);
      if (!anchors.has(name)) throw new Error(`yaml: unknown alias *${name}`);
      value = anchors.get(name) as Yaml;
    } else if (r === '|' || r === '|-') {
      value = literal(indent, r === '|-');
    } else {
      value = flowOrScalar(r);
    }
    if (anchor !== undefined) anchors.set(anchor, value);
    return value;
  };

  const literal = (parentIndent: number, strip: boolean): string => {
    const body: string[] = [];
    let blockIndent = -1;
    while (at < lines.length) {
      const line = lines[at] as Line;
      if (line.raw.trim() === '') {
        body.push('');
        at++;
        continue;
      }
      if (line.indent <= parentIndent) break;
      if (blockIndent < 0) blockIndent = line.indent;
      if (line.indent < blockIndent) break;
      body.push(line.raw.slice(blockIndent));
      at++;
    }
    while (body.length > 0 && body[body.length - 1] === '') body.pop();
    return body.join('\n') + (strip ? '' : '\n');
  };

  const flowOrScalar = (r: string): Yaml => {
    if (r.startsWith('[') || r.startsWith('{')) {
      const p = { s: r, i: 0 };
      const v = flow(p);
      if (p.s.slice(p.i).trim() !== '') throw new Error(`yaml: after a flow value: ${r}`);
      return v;
    }
    return scalar(r);
  };

  const flow = (p: { s: string; i: number }): Yaml => {
    const ws = (): void => {
      while (p.s[p.i] === ' ') p.i++;
    };
    ws();
    const c = p.s[p.i];
    if (c === '[' || c === '{') {
      const close = c === '[' ? ']' : '}';
      p.i++;
      const list: Yaml[] = [];
      const map: YamlMap = {};
      for (;;) {
        ws();
        if (p.s[p.i] === close) {
          p.i++;
          break;
        }
        if (c === '[') list.push(flow(p));
        else {
          const key = flowToken(p, ':');
          if (p.s[p.i] !== ':') throw new Error(`yaml: expected ":" in ${p.s}`);
          p.i++;
          map[asText(key)] = flow(p);
        }
        ws();
        if (p.s[p.i] === ',') p.i++;
        else if (p.s[p.i] !== close) throw new Error(`yaml: expected "," or "${close}" in ${p.s}`);
      }
      return c === '[' ? list : map;
    }
    if (c === '*') {
      p.i++;
      const name = /^[\w-]+/.exec(p.s.slice(p.i))?.[0] ?? '';
      p.i += name.length;
      if (!anchors.has(name)) throw new Error(`yaml: unknown alias *${name}`);
      return anchors.get(name) as Yaml;
    }
    return flowToken(p, '');
  };

  /** A quoted or plain scalar inside a flow, ending at `,`, `]`, `}` (or `stop`). */
  const flowToken = (p: { s: string; i: number }, stop: string): Yaml => {
    while (p.s[p.i] === ' ') p.i++;
    const q = p.s[p.i];
    if (q === '"' || q === "'") {
      const end = closingQuote(p.s, p.i);
      const token = p.s.slice(p.i, end + 1);
      p.i = end + 1;
      return scalar(token);
    }
    let j = p.i;
    while (j < p.s.length && !`,]}${stop}`.includes(p.s[j] as string)) j++;
    const token = p.s.slice(p.i, j).trim();
    p.i = j;
    return scalar(token);
  };

  const value = block(0);
  skipBlank();
  if (at < lines.length) throw new Error(`yaml: not read from line ${at + 1}: ${(lines[at] as Line).text}`);
  return value;
}

function scalar(token: string): Yaml {
  if (token.startsWith('"')) {
    if (closingQuote(token, 0) !== token.length - 1) throw new Error(`yaml: after a quoted string: ${token}`);
    return JSON.parse(token) as string;
  }
  if (token.startsWith("'")) {
    if (closingQuote(token, 0) !== token.length - 1) throw new Error(`yaml: after a quoted string: ${token}`);
    return token.slice(1, -1).replaceAll("''", "'");
  }
  if (/^[|>&!%@`]/.test(token)) throw new Error(`yaml: not read here: ${token}`);
  if (token === 'true' || token === 'false') return token === 'true';
  if (token === 'null' || token === '~' || token === '') return null;
  if (/^-?\d+$/.test(token)) return Number(token);
  return token;
}

function closingQuote(s: string, from: number): number {
  const q = s[from];
  for (let i = from + 1; i < s.length; i++) {
    if (q === '"' && s[i] === '\\') {
      i++;
      continue;
    }
    if (s[i] === q) {
      if (q === "'" && s[i + 1] === "'") {
        i++;
        continue;
      }
      return i;
    }
  }
  throw new Error(`yaml: unclosed quote: ${s}`);
}

/** `key: rest` (or `key:`) with the key plain or quoted; null when the line is no such thing. */
function splitKey(text: string): { key: string; rest: string } | null {
  if (text.startsWith('"') || text.startsWith("'")) {
    const end = closingQuote(text, 0);
    const after = text.slice(end + 1);
    if (!after.startsWith(':') || (after.length > 1 && after[1] !== ' ')) return null;
    return { key: scalar(text.slice(0, end + 1)) as string, rest: after.slice(1).trim() };
  }
  const m = /^([^\s"'[\]{},:#][^:]*?|<<):(?: (.*))?$/.exec(text);
  if (m === null) return null;
  return { key: (m[1] as string).trim(), rest: (m[2] ?? '').trim() };
}

function stripComment(raw: string): string {
  let quote: string | null = null;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (quote !== null) {
      if (quote === '"' && c === '\\') i++;
      else if (c === quote) quote = null;
      continue;
    }
    if ((c === '"' || c === "'") && (i === 0 || /[\s[{,:-]/.test(raw[i - 1] as string))) quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(raw[i - 1] as string))) return raw.slice(0, i);
  }
  return raw;
}

/**
 * The environment a service's process starts with: its entrypoint run for real by `sh`, its
 * command replaced by `env`. The one thing the entrypoint asks of the network — whether the
 * cluster profile's `redis-c1` is on it (`node -e "…dns.lookup('redis-c1'…"`) — is answered by a
 * stand-in `node` first on PATH: yes when `clusterOnNetwork`, no otherwise.
 */
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
