/**
 * zod compiles its checks with `new Function` when it may, and probes for that on first use:
 * under the server's content security policy (no 'unsafe-eval') the probe is refused and the
 * browser reports a violation. The checks are as fast without it for the few the client runs.
 * Imported first by main.ts, before any schema is used.
 *
 * zod keeps its settings on `globalThis.__zod_globalConfig` (so that every copy of it shares
 * them) and `config()` writes there: written here directly, the first page does not carry zod's
 * core (~4 kB gzipped) only to set one flag. test/no-eval.test.ts checks zod reads it.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
