import { type Result, ok } from '@fives/engine';
import { ErrorCode, type PlayerId, type Problem, type TableId, isCorrespondence } from '@fives/protocol';
import { type TableDoc, comeBack as comeBackTo, leave as leaveTable, refuse, seatOf, takeOpenSeat } from '@fives/table';
import type { Player } from '../identity/token.ts';
import type { TableContext } from './context.ts';
import { seatedPeople } from './people.ts';

/** People come to a table (their own seat again, an open one, or to watch) and leave it. */

/**
 * Your own seat again (taken back from its stand-in at once), or the first open one while the
 * table waits; null to watch.
 */
export async function join(
  context: TableContext,
  id: TableId,
  player: Player | null,
  as: 'player' | 'spectator' | undefined,
): Promise<Result<{ doc: TableDoc; seat: number | null }, Problem>> {
  const doc = await context.options.store.load(id);
  if (doc === null) return refuse(ErrorCode.tableNotFound, `there is no table ${id}`);
  if (as === 'spectator') return ok({ doc, seat: null });
  if (player === null) {
    return as === 'player' ? refuse(ErrorCode.authRequired, 'sitting down needs a guest token; watching does not') : ok({ doc, seat: null });
  }
  const own = seatOf(doc, player.id);
  if (own !== null) {
    const s = doc.seats[own];
    if (s?.kind !== 'human' || s.away !== true) return ok({ doc, seat: own });
    const back = await comeBack(context, id, player.id);
    if (!back.ok) return back;
    return ok({ doc: back.value ?? (await context.options.store.load(id)) ?? doc, seat: own });
  }
  if (doc.phase === 'waiting' && doc.seats.some((s) => s.kind === 'open')) {
    // Someone seated here blocks them: they may watch, not sit down (by link, code or the list).
    const seated = doc.seats.flatMap((s) => (s.kind === 'human' ? [s.playerId] : []));
    if ((await context.options.safety.blockersOf(player.id, seated)).size > 0) {
      return as === 'player' ? refuse(ErrorCode.tableBlocked, 'someone at this table does not play with you') : ok({ doc, seat: null });
    }
    let seat = -1;
    const [person] = await seatedPeople(context, [player], doc.rulesInput);
    const taken = await context.commits.update(id, (d) => {
      const took = takeOpenSeat(d, person ?? player);
      if (!took.ok) return took;
      seat = took.value.seat;
      return ok(took.value.change);
    });
    if (taken.ok) return ok({ doc: taken.value ?? (await context.options.store.load(id)) ?? doc, seat });
    if (taken.error.code !== ErrorCode.tableFull || as === 'player') return taken;
    return ok({ doc: (await context.options.store.load(id)) ?? doc, seat: null });
  }
  if (as === 'player') {
    return doc.phase === 'waiting' ? refuse(ErrorCode.tableFull, 'every seat is taken') : refuse(ErrorCode.alreadyStarted, 'the game has started; you can watch');
  }
  return ok({ doc, seat: null });
}

/** The person is back: their away seat is theirs again. */
export function comeBack(context: TableContext, id: TableId, playerId: PlayerId): Promise<Result<TableDoc | null, Problem>> {
  return context.commits.update(id, (d) => comeBackTo(d, playerId));
}

/**
 * A player leaves. Waiting: the seat opens. Playing: the seat stays theirs and a stand-in plays
 * it at once (at a correspondence game nothing changes: they come back when they like). Over: the seat is freed and the table waits for players again. A host who leaves
 * hands the role on.
 */
export async function leave(context: TableContext, id: TableId, player: Player): Promise<Result<TableDoc | null, Problem>> {
  const before = await context.options.store.load(id);
  // A correspondence game waits for its people: leaving its table is stepping away, not leaving the game.
  if (before !== null && before.phase === 'playing' && isCorrespondence(before.settings.turnSeconds)) return ok(null);
  const left = await context.commits.update(id, (d) => leaveTable(d, player.id));
  // Left a game being played (not a waiting room, not a finished game): a stand-in plays the seat.
  if (left.ok && before?.phase === 'playing' && before.seats.some((s) => s.kind === 'human' && s.playerId === player.id)) {
    // The leave is made; what else it settles must not turn it into a failure.
    await context.options.leftGame(id, player.id).catch((error: unknown) => context.options.log.warn({ err: error, tableId: id }, 'what leaving a game settles elsewhere failed'));
  }
  return left;
}
