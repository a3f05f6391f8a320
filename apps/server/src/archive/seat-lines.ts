import { replayRecord, sideOf } from '@fives/engine';
import type { ArchivedGame, GameId, PlayerId } from '@fives/protocol';

/**
 * What one person did in one archived game, the unit every player statistic adds up
 * (PlayerStatsSchema says what each means). Worked out once, when the game is written, by
 * replaying its record: the archives add these lines up and never replay a game to answer.
 */
export interface SeatLine {
  readonly gameId: GameId;
  readonly playerId: PlayerId;
  readonly seat: number;
  readonly preset: string;
  readonly players: number;
  readonly finishedAt: string;
  readonly won: boolean;
  readonly hands: number;
  readonly points: number;
  readonly countsScored: number;
  readonly mugginsMade: number;
  readonly mugginsMissed: number;
  /** The most points in one hand (0 with none). */
  readonly bestHand: number;
}

/** One line per person seated in the game. */
export function seatLines(game: ArchivedGame): SeatLine[] {
  const replayed = replayRecord(game.record).output;
  // The server wrote the record as it played it: one that does not replay is its own bug.
  if (!('hands' in replayed) || !replayed.ok) throw new Error(`the record of game ${game.id} does not replay`);
  const rules = game.rules;
  return game.seats.flatMap((s) => {
    if (s.kind !== 'human') return [];
    const side = sideOf(rules, s.seat);
    let points = 0;
    let countsScored = 0;
    let mugginsMade = 0;
    let mugginsMissed = 0;
    let bestHand = 0;
    for (const hand of replayed.hands) {
      let inHand = 0;
      let lastCount = 0;
      for (const e of hand.events) {
        if (e.type === 'handEnd') {
          for (const a of e.awards) if (sideOf(rules, a.seat) === side) inHand += a.points;
          continue;
        }
        if (e.seat !== s.seat) continue;
        switch (e.type) {
          case 'play':
            lastCount = e.count;
            inHand += e.scored;
            if (e.scored > 0) countsScored++;
            break;
          case 'claim':
          case 'noScore':
            inHand += e.scored;
            if (e.scored > 0) countsScored++;
            // A count on the board (a multiple of five) claimed wrongly or not at all: open to Muggins.
            else if (lastCount > 0 && lastCount % 5 === 0) mugginsMissed++;
            break;
          case 'muggins':
            inHand += e.scored;
            mugginsMade++;
            break;
          case 'draw':
          case 'pass':
            break;
        }
      }
      points += inHand;
      bestHand = Math.max(bestHand, inHand);
    }
    return [
      {
        gameId: game.id,
        playerId: s.playerId,
        seat: s.seat,
        preset: rules.preset,
        players: rules.players,
        finishedAt: game.finishedAt,
        won: side === game.winner,
        hands: replayed.hands.length,
        points,
        countsScored,
        mugginsMade,
        mugginsMissed,
        bestHand,
      },
    ];
  });
}
