import { randomInt } from 'node:crypto';
import type { TournamentId } from '@fives/tournament';

const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** A fresh tournament id: 12 of 32 letters and digits (60 bits), as unguessable as a link-only tournament needs. */
export function newTournamentId(): TournamentId {
  let id = '';
  for (let i = 0; i < 12; i++) id += ALPHABET.charAt(randomInt(ALPHABET.length));
  return id as TournamentId;
}
