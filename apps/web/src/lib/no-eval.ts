import { config } from 'zod/mini';

/**
 * zod compiles its checks with `new Function` when it may, and probes for that on first use:
 * under the server's content security policy (no 'unsafe-eval') the probe is refused and the
 * browser reports a violation. The checks are as fast without it for the few the client runs.
 * Imported first by main.ts, before any schema is used.
 */
config({ jitless: true });
