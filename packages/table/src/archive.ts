import { sideOf } from '@fives/engine';
import { type GameSummary, gameIdOf } from '@fives/protocol';
import { aborted } from './abort.ts';
import type { TableDoc } from './doc.ts';
import { rulesOf } from './summary.ts';

/**
 * A finished game as the archive keeps it, without its record (the hands are in the store's
 * record list): who sat where, each side's final score, the winner, when it was dealt and when
 * it ended. Null while the game is not over, so an unfinished game can never be archived.
 * `finishedAt` is the finishing change's time. A game dealt before tables kept `gameStartedAt`
 * gives the table's creation as its start.
 */
export function finishedGame(doc: TableDoc): GameSummary | null {
  const state = doc.state;
  if (doc.phase !== 'over' || state === null || state.status !== 'over' || state.winner === null || doc.game < 1) return null;
  const rules = rulesOf(doc);
  const scoreOf = (seat: number): number => state.scores[sideOf(rules, seat)] ?? 0;
  const seats = doc.seats.flatMap((s, seat): GameSummary['seats'] => {
    switch (s.kind) {
      case 'human':
        // Away at the end: they left and a stand-in finished the game for them.
        return [{ seat, kind: 'human', name: s.name, playerId: s.playerId, score: scoreOf(seat), ...(s.away === true ? { left: true as const } : {}) }];
      case 'bot':
        return [{ seat, kind: 'bot', name: s.name, level: s.level, score: scoreOf(seat) }];
      case 'open':
        // A game is only ever played with every seat taken.
        return [];
    }
  });
  return {
    id: gameIdOf(doc.id, doc.game),
    tableId: doc.id,
    game: doc.game,
    rules,
    startedAt: doc.gameStartedAt ?? doc.createdAt,
    finishedAt: doc.updatedAt,
    seats,
    winner: state.winner,
    // A computer in any seat (from the start, not a stand-in for an away person) makes it unrated;
    // so does a person who left before the first hand's third move (the game was aborted).
    rated: doc.settings.rated && doc.seats.every((s) => s.kind === 'human') && !aborted(doc),
  };
}
