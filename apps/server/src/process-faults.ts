import type { FastifyBaseLogger } from 'fastify';

let unhandled = 0;

/** Promise rejections nobody handled since the process started (`fives_unhandled_rejections_total`). */
export function unhandledRejections(): number {
  return unhandled;
}

/**
 * A rejection nobody handled is a bug, but not one worth every player's table on this node:
 * Node's default ends the process. Logged (with its stack) and counted instead, so it is seen
 * and fixed at its source; the node goes on serving.
 */
export function surviveUnhandledRejections(log: Pick<FastifyBaseLogger, 'error'>): void {
  process.on('unhandledRejection', (reason: unknown) => {
    unhandled++;
    log.error({ err: reason }, 'unhandled promise rejection (a bug): counted in fives_unhandled_rejections_total, and the node goes on');
  });
}
