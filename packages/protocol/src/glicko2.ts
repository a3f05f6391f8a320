/**
 * Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013), as pure arithmetic: no I/O,
 * no clock. It lives in the protocol beside the rating's key and its "?" rule because the server
 * rates games with it and a client may show what a result would do; it is ~150 lines with no
 * dependency, too small for a package of its own.
 *
 * Rating periods (docs/protocol.md#ratings): each finished rated game is one period for each
 * person in it, holding their results against every other person of the game. Between games,
 * every whole day (`GLICKO.idleMs`) a person did not play a rated game of that key is one empty
 * period, in which only their RD grows (Glickman's step 6 alone): a rating not played for about
 * three months is shown as "?" again.
 */

export const GLICKO = {
  /** A new player: Glickman's defaults. */
  rating: 1500,
  rd: 350,
  volatility: 0.06,
  /** The system constant: how much the volatility may change in one period. */
  tau: 0.5,
  /** Glicko-2's scale: μ = (r − 1500) / 173.7178, φ = RD / 173.7178. */
  scale: 173.7178,
  /** Where the volatility's iteration stops. */
  epsilon: 0.000001,
  /** One empty rating period: a whole day without a rated game. */
  idleMs: 24 * 60 * 60 * 1000,
  /** No RD above a new player's: a long idle span brings a rating back to unknown, no further. */
  maxRd: 350,
} as const;

export interface Glicko {
  readonly rating: number;
  readonly rd: number;
  readonly volatility: number;
}

/** A result of one period: 1 a win, 0.5 a draw, 0 a loss, against an opponent as rated before the period. */
export interface GlickoResult {
  readonly opponent: Glicko;
  readonly score: 0 | 0.5 | 1;
}

export const NEW_RATING: Glicko = { rating: GLICKO.rating, rd: GLICKO.rd, volatility: GLICKO.volatility };

function g(phi: number): number {
  return 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
}

function expected(mu: number, muJ: number, phiJ: number): number {
  return 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));
}

/** Step 5: the new volatility, by the Illinois algorithm as Glickman gives it. */
function newVolatility(phi: number, sigma: number, v: number, delta: number): number {
  const tau = GLICKO.tau;
  const a = Math.log(sigma * sigma);
  const f = (x: number): number => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * d * d) - (x - a) / (tau * tau);
  };
  let A = a;
  let B: number;
  if (delta * delta > phi * phi + v) {
    B = Math.log(delta * delta - phi * phi - v);
  } else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  while (Math.abs(B - A) > GLICKO.epsilon) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA = fA / 2;
    }
    B = C;
    fB = fC;
  }
  return Math.exp(A / 2);
}

/** One rating period: the player's rating after these results (none: only the RD grows). */
export function ratePeriod(player: Glicko, results: readonly GlickoResult[]): Glicko {
  const phi = player.rd / GLICKO.scale;
  if (results.length === 0) return idle(player, 1);
  const mu = (player.rating - GLICKO.rating) / GLICKO.scale;
  let vInverse = 0;
  let sum = 0;
  for (const r of results) {
    const muJ = (r.opponent.rating - GLICKO.rating) / GLICKO.scale;
    const phiJ = r.opponent.rd / GLICKO.scale;
    const e = expected(mu, muJ, phiJ);
    vInverse += g(phiJ) * g(phiJ) * e * (1 - e);
    sum += g(phiJ) * (r.score - e);
  }
  const v = 1 / vInverse;
  const sigma = newVolatility(phi, player.volatility, v, v * sum);
  const phiStar = Math.sqrt(phi * phi + sigma * sigma);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * sum;
  return { rating: GLICKO.scale * muNew + GLICKO.rating, rd: Math.min(GLICKO.maxRd, GLICKO.scale * phiNew), volatility: sigma };
}

/** `periods` empty rating periods: φ' = √(φ² + n·σ²), the rating and volatility unchanged. */
export function idle(player: Glicko, periods: number): Glicko {
  if (periods <= 0) return player;
  const phi = player.rd / GLICKO.scale;
  const grown = GLICKO.scale * Math.sqrt(phi * phi + periods * player.volatility * player.volatility);
  return { ...player, rd: Math.min(GLICKO.maxRd, grown) };
}

/** The whole empty periods between a player's last rated game (null: none) and `at`. */
export function idlePeriods(lastAtMs: number | null, atMs: number): number {
  if (lastAtMs === null) return 0;
  return Math.max(0, Math.floor((atMs - lastAtMs) / GLICKO.idleMs));
}

/**
 * A seat of a finished game, for rating: its side's final score and (partnerships) its team.
 * `left`: its person left the game and did not come back before it ended (a stand-in finished it).
 */
export interface RatedSeat {
  readonly seat: number;
  readonly score: number;
  readonly left?: boolean;
}

/**
 * Who each seat played against and how it went: every other seat, a win against those it
 * outscored, a loss against those who outscored it, a draw on equal scores. With partnerships
 * the teams are seats 0+2 and 1+3: a partner is not an opponent (their score is the team's).
 * A person who left has lost against every opponent, whatever the scores (their stand-in's
 * play is not theirs), and each opponent who stayed has won against them; two who both left
 * have each lost against the other.
 */
export function opponentsOf(seats: readonly RatedSeat[], partnerships: boolean): Map<number, { seat: number; score: 0 | 0.5 | 1 }[]> {
  const out = new Map<number, { seat: number; score: 0 | 0.5 | 1 }[]>();
  for (const s of seats) {
    const list: { seat: number; score: 0 | 0.5 | 1 }[] = [];
    for (const o of seats) {
      if (o.seat === s.seat) continue;
      if (partnerships && o.seat % 2 === s.seat % 2) continue;
      list.push({ seat: o.seat, score: resultAgainst(s, o) });
    }
    out.set(s.seat, list);
  }
  return out;
}

function resultAgainst(s: RatedSeat, o: RatedSeat): 0 | 0.5 | 1 {
  if (s.left === true) return 0;
  if (o.left === true) return 1;
  return s.score > o.score ? 1 : s.score < o.score ? 0 : 0.5;
}

/** A person of a rated game: their seat, side's score, rating before it and when they last played one. */
export interface RatedPlayer extends RatedSeat {
  readonly before: Glicko;
  readonly lastAtMs: number | null;
}

/**
 * The game as one rating period for each person in it: first each one's idle periods since their
 * last rated game, then this game's results against the others as they stood before it (every
 * person is rated against the others' ratings before the game, so the order of seats is no matter).
 */
export function rateGame(players: readonly RatedPlayer[], partnerships: boolean, finishedAtMs: number): Map<number, Glicko> {
  const grown = new Map(players.map((p) => [p.seat, idle(p.before, idlePeriods(p.lastAtMs, finishedAtMs))]));
  const against = opponentsOf(players, partnerships);
  const after = new Map<number, Glicko>();
  for (const p of players) {
    const results = (against.get(p.seat) ?? []).map((r) => ({ opponent: grown.get(r.seat) as Glicko, score: r.score }));
    after.set(p.seat, ratePeriod(grown.get(p.seat) as Glicko, results));
  }
  return after;
}
