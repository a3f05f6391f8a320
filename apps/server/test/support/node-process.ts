/**
 * A server node as its own process for the multi-process tests: exactly what production runs
 * (`src/main.ts`, which attaches the Socket.IO Redis adapter whenever REDIS_URL is set). Prints
 * pino's "Server listening" once up.
 */
import '../../src/main.ts';
