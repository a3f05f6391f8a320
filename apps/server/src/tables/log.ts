import type { FastifyBaseLogger } from 'fastify';
import type { Cause, TableDoc } from '@fives/table';

/** Levels at which a table event (info) is not written. */
const QUIET = new Set(['warn', 'error', 'fatal', 'silent']);

/**
 * One line per table event, with the table and the seat. Never a tile: a played tile is public,
 * but a log is read by people who were not at the table, and keeping tiles out altogether
 * makes "no hand in a log line" trivially true.
 */
export function logChange(log: FastifyBaseLogger, doc: TableDoc, cause: Cause): void {
  // Every move comes here: at a level that drops these lines, not even their objects are made.
  if (QUIET.has(log.level)) return;
  const base = { tableId: doc.id, version: doc.version, game: doc.game, event: cause.kind };
  switch (cause.kind) {
    case 'action':
      log.info({ ...base, seat: cause.seat, action: cause.type, by: cause.by, status: doc.state?.status }, 'table event');
      return;
    case 'joined':
    case 'left':
    case 'away':
    case 'returned':
      log.info({ ...base, seat: cause.seat }, 'table event');
      return;
    case 'rematchOffered':
    case 'rematchAccepted':
    case 'rematchDeclined':
      log.info({ ...base, seat: cause.seat }, 'table event');
      return;
    case 'seat':
      log.info({ ...base, seat: cause.seat, to: cause.to }, 'table event');
      return;
    case 'resumed':
      log.warn({ ...base, from: cause.from }, 'table resumed from the stored version: a failover lost the changes a client had seen');
      return;
    case 'started':
    case 'rematch':
    case 'dealt':
    case 'settings':
      log.info({ ...base, hand: doc.state?.hands.length ?? 0 }, 'table event');
      return;
  }
}
