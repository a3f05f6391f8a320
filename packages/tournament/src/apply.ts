import { type Result, ok } from '@fives/engine';
import type { PlayerId } from '@fives/protocol';
import { MAX_GAME_POINTS, type TournamentAction } from './actions.ts';
import { type ArenaPairing, pairArena } from './arena-pairing.ts';
import { TournamentErrorCode, type TournamentError, refuse } from './errors.ts';
import { type TournamentGameId, type UnitId, gameId, unitId } from './ids.ts';
import { sideIn, verdictOf } from './scoring.ts';
import { checkSettings } from './settings.ts';
import { nextArenaAward, standings } from './standings.ts';
import type { EndReason, GameOutcome, GameResult, Member, Tournament, TournamentGame, Unit } from './state.ts';
import { pairSwiss } from './swiss-pairing.ts';
import { arenaEndsAt, pairingsClosed } from './timing.ts';

type Outcome = Result<Tournament, TournamentError>;

/** The most units a tournament takes. */
export const MAX_UNITS = 256;

/** A new tournament from its creator's settings (checked: settings.ts), under the id its runner chose. */
export function createTournament(o: { readonly id: Tournament['id']; readonly by: PlayerId; readonly settings: unknown; readonly now: number }): Outcome {
  const settings = checkSettings(o.settings, o.now);
  if (!settings.ok) return settings;
  return ok({
    id: o.id,
    version: 0,
    createdBy: o.by,
    createdAt: o.now,
    settings: settings.value,
    status: 'created',
    startedAt: null,
    finishedAt: null,
    endReason: null,
    units: [],
    games: [],
    rounds: [],
    offers: [],
  });
}

/**
 * The tournament after `action` at `now`, or why not: a refusal changes nothing. Every change
 * takes the version one up, so that a runner commits it only on the version it was made on, and
 * a step run twice (by two nodes, or again after a crash) is refused the second time.
 */
export function apply(t: Tournament, action: TournamentAction, now: number): Outcome {
  const out = decide(t, action, now);
  return out.ok ? ok({ ...out.value, version: t.version + 1 }) : out;
}

function decide(t: Tournament, action: TournamentAction, now: number): Outcome {
  switch (action.type) {
    case 'join':
      return join(t, action.members, now);
    case 'pairWith':
      return pairWith(t, action.by, action.partner, now);
    case 'withdraw':
      return withdraw(t, action.playerId, now);
    case 'start':
      return start(t, now);
    case 'pair':
      return t.settings.length.format === 'arena' ? pairArenaNow(t, now) : pairSwissRound(t, now);
    case 'finish':
      return finish(t, now);
    case 'tableOpened':
      return tableOpened(t, action.game, action.table);
    case 'gameFinished':
      return gameFinished(t, action.game, action.points, now);
    default:
      return action satisfies never;
  }
}

export function activeUnits(t: Tournament): Unit[] {
  return t.units.filter((u) => u.withdrawnAt === null);
}

/** The games still being played. */
export function gamesUnderWay(t: Tournament): TournamentGame[] {
  return t.games.filter((g) => g.result === null);
}

function unitOf(t: Tournament, player: PlayerId): Unit | undefined {
  return t.units.find((u) => u.members.some((m) => m.playerId === player));
}

/**
 * `by` asks `partner` to enter as a pair: entered at once if `partner` asked `by` first (both
 * agreed), else kept as an ask until they do (replacing an earlier ask of `by`). Each entry rule
 * of `join` holds for the pair as for the ask: nobody asks for a partner into a tournament that
 * takes no more entries, or when either of them is in it already.
 */
function pairWith(t: Tournament, by: Member, partner: PlayerId, now: number): Outcome {
  if (t.settings.entry !== 'pairs') return refuse(TournamentErrorCode.badEntry, 'a tournament of individuals is entered by one person: join it');
  if (by.playerId === partner) return refuse(TournamentErrorCode.badEntry, 'a pair is two different people');
  const offers = t.offers ?? [];
  const theirs = offers.find((o) => o.from.playerId === partner && o.to === by.playerId);
  if (theirs !== undefined) return join(t, [theirs.from, by], now);
  // The ask is checked as the entry would be: a refusal now, rather than an ask that can never be answered.
  const check = join(t, [by, { playerId: partner, name: by.name }], now);
  if (!check.ok) return check;
  return ok({ ...t, offers: [...offers.filter((o) => o.from.playerId !== by.playerId), { from: { playerId: by.playerId, name: by.name }, to: partner, at: now }] });
}

function join(t: Tournament, members: readonly Member[], now: number): Outcome {
  if (t.status === 'finished') return refuse(TournamentErrorCode.finished, 'the tournament is over');
  if (t.status === 'running' && t.settings.length.format === 'arena' && pairingsClosed(t, now)) {
    return refuse(TournamentErrorCode.entriesClosed, 'the Arena is in its last minutes: no new game starts');
  }
  if (t.settings.length.format === 'swiss' && t.rounds.length >= t.settings.length.rounds) {
    return refuse(TournamentErrorCode.entriesClosed, 'the last round of the Swiss is paired');
  }
  const size = t.settings.entry === 'pairs' ? 2 : 1;
  if (members.length !== size)
    return refuse(TournamentErrorCode.badEntry, size === 2 ? 'a tournament of pairs is entered by two people together' : 'a tournament of individuals is entered by one person');
  if (new Set(members.map((m) => m.playerId)).size !== members.length) return refuse(TournamentErrorCode.badEntry, 'a pair is two different people');
  for (const m of members) {
    const unit = unitOf(t, m.playerId);
    if (unit?.withdrawnAt === null) return refuse(TournamentErrorCode.alreadyEntered, `${m.name} is already in the tournament`);
    if (unit !== undefined) return refuse(TournamentErrorCode.withdrawn, `${m.name} withdrew from the tournament, for good`);
  }
  if (activeUnits(t).length >= MAX_UNITS) return refuse(TournamentErrorCode.full, `the tournament has its ${MAX_UNITS} entries`);
  const number = t.units.reduce((max, u) => Math.max(max, Number(u.id.slice(1))), 0) + 1;
  const unit: Unit = { id: unitId(number), members: members.map((m) => ({ playerId: m.playerId, name: m.name })), joinedAt: now, withdrawnAt: null };
  // Whoever is entered has no ask waiting any more, made or received.
  const entered = new Set(members.map((m) => m.playerId));
  const offers = (t.offers ?? []).filter((o) => !entered.has(o.from.playerId) && !entered.has(o.to));
  return ok({ ...t, units: [...t.units, unit], ...(t.offers === undefined ? {} : { offers }) });
}

function withdraw(t: Tournament, player: PlayerId, now: number): Outcome {
  if (t.status === 'finished') return refuse(TournamentErrorCode.finished, 'the tournament is over');
  const unit = unitOf(t, player);
  if (unit === undefined) return refuse(TournamentErrorCode.notEntered, 'not in this tournament');
  if (unit.withdrawnAt !== null) return refuse(TournamentErrorCode.withdrawn, 'already withdrawn');
  // Before the start nothing was played: the entry is struck out, and may be made again.
  if (t.status === 'created') return ok({ ...t, units: t.units.filter((u) => u !== unit) });
  const units = t.units.map((u) => (u === unit ? { ...u, withdrawnAt: now } : u));
  let withdrawn: Tournament = { ...t, units };
  const game = gamesUnderWay(t).find((g) => sideIn(g, unit.id) !== null);
  if (game !== undefined) withdrawn = withResult(withdrawn, game, { kind: 'forfeit', loser: unit.id }, now);
  return ok(withdrawn);
}

function start(t: Tournament, now: number): Outcome {
  if (t.status === 'finished') return refuse(TournamentErrorCode.finished, 'the tournament is over');
  if (t.status === 'running') return refuse(TournamentErrorCode.alreadyStarted, 'the tournament has started');
  if (now < t.settings.startsAt) return refuse(TournamentErrorCode.tooEarly, `the tournament starts at ${new Date(t.settings.startsAt).toISOString()}`);
  const started: Tournament = { ...t, status: 'running', startedAt: now };
  return ok(activeUnits(t).length < 2 ? ended(started, 'tooFewPlayers', now) : started);
}

function ended(t: Tournament, reason: EndReason, now: number): Tournament {
  return { ...t, status: 'finished', finishedAt: now, endReason: reason };
}

function running(t: Tournament): Result<null, TournamentError> {
  if (t.status === 'created') return refuse(TournamentErrorCode.notStarted, 'the tournament has not started');
  if (t.status === 'finished') return refuse(TournamentErrorCode.finished, 'the tournament is over');
  return ok(null);
}

function newGames(t: Tournament, pairs: readonly (readonly [UnitId, UnitId])[], round: number | null, now: number): TournamentGame[] {
  return pairs.map((units, i) => ({ id: gameId(t.games.length + i + 1), round, units: [units[0], units[1]], pairedAt: now, table: null, result: null }));
}

/** The units waiting for a game: entered, not withdrawn, not playing. */
export function waitingUnits(t: Tournament): Unit[] {
  const playing = new Set(gamesUnderWay(t).flatMap((g) => g.units));
  return activeUnits(t).filter((u) => !playing.has(u.id));
}

/** The pairing the Arena would make now of the units waiting (pairs may be empty: nobody, or only two who just met, wait). */
export function arenaPairing(t: Tournament): ArenaPairing {
  const table = new Map(standings(t).map((s) => [s.unit, s]));
  const lastGame = (unit: UnitId): TournamentGame | undefined => t.games.findLast((g) => sideIn(g, unit) !== null);
  const waiting = waitingUnits(t).map((u) => {
    const last = lastGame(u.id);
    const standing = table.get(u.id)!;
    return {
      id: u.id,
      rank: standing.rank,
      points: standing.arenaPoints,
      lastOpponent: last === undefined ? null : last.units[sideIn(last, u.id) === 0 ? 1 : 0],
      waitingSince: Math.max(u.joinedAt, last?.result?.finishedAt ?? 0),
    };
  });
  return pairArena(waiting, gamesUnderWay(t).length > 0);
}

function pairArenaNow(t: Tournament, now: number): Outcome {
  const live = running(t);
  if (!live.ok) return live;
  if (pairingsClosed(t, now)) return refuse(TournamentErrorCode.pairingsClosed, 'the Arena is in its last minutes: no new game starts');
  const pairing = arenaPairing(t);
  if (pairing.pairs.length === 0)
    return refuse(TournamentErrorCode.nothingToPair, 'nobody waiting has someone to play: fewer than two wait, or two who just played each other while other games go on');
  return ok({ ...t, games: [...t.games, ...newGames(t, pairing.pairs, null, now)] });
}

function pairSwissRound(t: Tournament, now: number): Outcome {
  const live = running(t);
  if (!live.ok) return live;
  if (t.settings.length.format !== 'swiss') return refuse(TournamentErrorCode.badAction, 'not a Swiss');
  if (gamesUnderWay(t).length > 0) return refuse(TournamentErrorCode.roundUnderWay, `round ${t.rounds.length} is still being played`);
  if (t.rounds.length >= t.settings.length.rounds) return refuse(TournamentErrorCode.roundsDone, 'every round is paired');
  const active = new Set(activeUnits(t).map((u) => u.id));
  if (active.size < 2) return ok(ended(t, 'tooFewPlayers', now));
  const ranked = standings(t)
    .filter((s) => active.has(s.unit))
    .map((s) => ({ id: s.unit, score: s.score, byes: s.byes, opponents: new Set(s.opponents) }));
  const pairing = pairSwiss(ranked);
  if (pairing === null) return ok(ended(t, 'noPairing', now));
  const number = t.rounds.length + 1;
  return ok({
    ...t,
    rounds: [...t.rounds, { number, pairedAt: now, bye: pairing.bye }],
    games: [...t.games, ...newGames(t, pairing.pairs, number, now)],
  });
}

function finish(t: Tournament, now: number): Outcome {
  const live = running(t);
  if (!live.ok) return live;
  const length = t.settings.length;
  if (length.format === 'arena') {
    const endsAt = arenaEndsAt(t)!;
    if (now < endsAt) return refuse(TournamentErrorCode.notOver, `the Arena ends at ${new Date(endsAt).toISOString()}`);
  } else if (t.rounds.length < length.rounds || gamesUnderWay(t).length > 0) {
    return refuse(TournamentErrorCode.notOver, `round ${t.rounds.length} of ${length.rounds}${gamesUnderWay(t).length > 0 ? ' is being played' : ' is played'}`);
  }
  return ok(ended(t, 'completed', now));
}

function findGame(t: Tournament, id: TournamentGameId): Result<TournamentGame, TournamentError> {
  const game = t.games.find((g) => g.id === id);
  return game === undefined ? refuse(TournamentErrorCode.unknownGame, `no game ${id} in this tournament`) : ok(game);
}

function tableOpened(t: Tournament, id: TournamentGameId, table: string): Outcome {
  const game = findGame(t, id);
  if (!game.ok) return game;
  if (game.value.table !== null) return refuse(TournamentErrorCode.badAction, `game ${id} is at table ${game.value.table} already`);
  if (table.length === 0 || table.length > 64) return refuse(TournamentErrorCode.badAction, 'a table id is 1 to 64 characters');
  return ok({ ...t, games: t.games.map((g) => (g === game.value ? { ...g, table } : g)) });
}

function gameFinished(t: Tournament, id: TournamentGameId, points: readonly [number, number], now: number): Outcome {
  const game = findGame(t, id);
  if (!game.ok) return game;
  if (game.value.result !== null) return refuse(TournamentErrorCode.gameOver, `game ${id} has its result`);
  if (!points.every((p) => Number.isSafeInteger(p) && p >= 0 && p <= MAX_GAME_POINTS)) {
    return refuse(TournamentErrorCode.badResult, `a result is two whole numbers of points from 0 to ${MAX_GAME_POINTS}`);
  }
  return ok(withResult(t, game.value, { kind: 'played', points: [points[0], points[1]] }, now));
}

/**
 * The game with its result. An Arena game counts only if it ends before the Arena's time is up
 * (lichess: games in progress at the end are finished but do not count); a Swiss game always.
 */
function withResult(t: Tournament, game: TournamentGame, outcome: GameOutcome, now: number): Tournament {
  const endsAt = arenaEndsAt(t);
  const counted = endsAt === null || (t.status === 'running' && now < endsAt);
  const award = (side: 0 | 1): number => (endsAt !== null && counted ? nextArenaAward(t, game.units[side], verdictOf(outcome, side, game.units)) : 0);
  const result: GameResult = { outcome, finishedAt: now, counted, awarded: [award(0), award(1)] };
  return { ...t, games: t.games.map((g) => (g === game ? { ...g, result } : g)) };
}
