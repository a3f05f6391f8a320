import type { Writable } from 'node:stream';
import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';

/** Where the process logs: its standard output, which may be a terminal. */
export type LogOutput = Writable & { readonly isTTY?: boolean };

/**
 * The server's logger. A person running `pnpm start` in a terminal reads lines (time, level,
 * message, fields); anything else (compose, a log shipper, a file) gets pino's JSON, one object
 * a line, unchanged. Pretty printing is synchronous here: a terminal is not a hot path, and no
 * line is lost when the process exits.
 */
export function serverLogger(level: string, out: LogOutput = process.stdout): Logger {
  // The real standard output is written through its file descriptor, as pino does by default.
  const stdout = out === process.stdout;
  if (out.isTTY !== true) return pino({ level }, stdout ? pino.destination(1) : out);
  return pino({ level }, pretty({ destination: stdout ? 1 : out, sync: true, colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' }));
}
