/**
 * A process with the server's safety net (`surviveUnhandledRejections`, as `main.ts` installs
 * it) that rejects a promise nobody handles, then says whether it is still running and what it
 * counted. Node's default would end it with exit code 1 before the last line.
 */
import { surviveUnhandledRejections, unhandledRejections } from '../../src/process-faults.ts';

const logged: string[] = [];
surviveUnhandledRejections({ error: (_fields: unknown, message?: string) => void logged.push(message ?? '') });
void Promise.reject(new Error('read ECONNRESET'));
// 'unhandledRejection' is emitted once the microtasks queued with the rejection have run.
setTimeout(() => {
  process.stdout.write(`${JSON.stringify({ alive: true, counted: unhandledRejections(), logged })}\n`);
}, 0);
