import { createHash } from 'node:crypto';
import type { TableDoc } from '@fives/table';

/**
 * The seed a computer player's randomness starts from, for one decision: from the current hand's
 * secret seed (or, before any deal, the table's id), the table version and the seat. The same
 * table at the same version thinks the same, however often and wherever it is thought about — a
 * test replays, and two thinkers of one move agree. One-way: the hand's seed cannot be read
 * back from it (and it never reaches a client: it goes to a thread of the server's own).
 */
export function botSeed(doc: TableDoc, seat: number): string {
  const from = doc.fair?.current.seed ?? doc.id;
  return createHash('sha256').update(`bot\0${from}\0${doc.version}\0${seat}`).digest('hex').slice(0, 32);
}
