import { randomPolicy, greedyPolicy, playArena } from '@fives/bots';
import { type GameRecord, type RulesInput, newGame, replayRecord, sideOf } from '@fives/engine';
import { type ArchivedGame, type PlayerId, type TableId, gameIdOf } from '@fives/protocol';
import { BOT_NAMES } from '@fives/protocol';

/** Whole games played by two simple bots on seeded deals: real records, the same every run. */
export function playedRecords(rules: RulesInput, games: number, seed: string): GameRecord[] {
  const records: GameRecord[] = [];
  playArena({ a: greedyPolicy, b: randomPolicy, rules, games, seed, onGame: (_, record) => records.push(record) });
  return records;
}

export type Sitter = { readonly playerId: PlayerId; readonly name: string } | 'bot';

/** A finished game as the archive takes it, from a whole record and who sat where. */
export function archivedGame(
  record: GameRecord,
  o: { readonly tableId: string; readonly game: number; readonly seats: readonly Sitter[]; readonly startedAt: string; readonly finishedAt: string; readonly rated?: boolean },
): ArchivedGame {
  const started = newGame(record.rules);
  if (!started.ok) throw new Error(started.error.message);
  const rules = started.value.rules;
  const out = replayRecord(record).output;
  if (!('winner' in out) || out.winner === null) throw new Error('the record is not of a finished game');
  return {
    id: gameIdOf(o.tableId, o.game),
    tableId: o.tableId as TableId,
    game: o.game,
    rules,
    startedAt: o.startedAt,
    finishedAt: o.finishedAt,
    seats: o.seats.map((s, seat) => {
      const score = out.scores[sideOf(rules, seat)] ?? 0;
      return s === 'bot' ? { seat, kind: 'bot', name: BOT_NAMES[0], level: 'easy', score } : { seat, kind: 'human', name: s.name, playerId: s.playerId, score };
    }),
    winner: out.winner,
    rated: o.rated ?? false,
    record,
  };
}
