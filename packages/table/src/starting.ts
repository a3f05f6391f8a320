import { type Result, newGame, ok } from '@fives/engine';
import { ErrorCode, type PlayerId, type Problem } from '@fives/protocol';
import type { Change } from './change.ts';
import { type SeedSource, dealNextHand } from './dealer.ts';
import type { TableDoc } from './doc.ts';
import { fromGameError, refuse } from './outcome.ts';

/** Starting and dealing: a game begins (the first, or a rematch) and each hand is dealt from a fresh seed. */

/** Host, every seat taken: the first game is dealt. */
export function start(d: TableDoc, playerId: PlayerId, seeds: SeedSource): Result<Change, Problem> {
  if (d.hostId !== playerId) return refuse(ErrorCode.notHost, 'only the host may start the game');
  if (d.phase !== 'waiting') return refuse(ErrorCode.alreadyStarted, 'the game has already started');
  const open = d.seats.flatMap((s, i) => (s.kind === 'open' ? [i] : []));
  if (open.length > 0) return refuse(ErrorCode.seatsOpen, `seat${open.length > 1 ? 's' : ''} ${open.join(', ')} still open`);
  return newGameChange(d, 'started', seeds);
}

/** Host, once a game is over: the next game at the same seats. */
export function rematch(d: TableDoc, playerId: PlayerId, seeds: SeedSource): Result<Change, Problem> {
  if (d.hostId !== playerId) return refuse(ErrorCode.notHost, 'only the host may start a rematch');
  if (d.phase !== 'over') return refuse(ErrorCode.gameNotOver, 'the game is not over yet');
  return newGameChange(d, 'rematch', seeds);
}

/** The game's next hand, once the last one is over (the table's automatic step after the pause). */
export function deal(d: TableDoc, seeds: SeedSource): Result<Change, Problem> {
  if (d.state === null) return refuse(ErrorCode.notPlaying, 'no game');
  const dealt = dealNextHand(d.state, d.game, seeds, d.fair);
  if (!dealt.ok) return { ok: false, error: fromGameError(dealt.error) };
  return ok({ doc: { ...d, state: dealt.value.state, fair: dealt.value.fair }, cause: { kind: 'dealt' } });
}

function newGameChange(d: TableDoc, kind: 'started' | 'rematch', seeds: SeedSource): Result<Change, Problem> {
  const fresh = newGame(d.rulesInput);
  if (!fresh.ok) return { ok: false, error: fromGameError(fresh.error) };
  const dealt = dealNextHand(fresh.value, d.game + 1, seeds, d.fair);
  if (!dealt.ok) return { ok: false, error: fromGameError(dealt.error) };
  const { state, fair } = dealt.value;
  return ok({ doc: { ...d, phase: 'playing', game: d.game + 1, state, fair }, cause: { kind } });
}
