/**
 * A deal remade from docs/fairness.md alone ("Remaking a deal, step by step"), as someone
 * writing a checker in another language would: it imports nothing from the engine, so when it
 * agrees with `dealFromSeed` the page really is enough. Every word is kept unsigned (`>>> 0`).
 */

const u32 = (x: number): number => x >>> 0;
const mul = (x: number, y: number): number => Math.imul(x, y) >>> 0;

/** Step 1: tile n is the n-th of 0-0, 0-1, …, 0-6, 1-1, …, 6-6. */
export const TILES: readonly string[] = Array.from({ length: 7 }, (_, a) => Array.from({ length: 7 - a }, (_, k) => `${a}-${a + k}`)).flat();

/** Step 2: four words from the seed's characters. */
export function seedWords(seed: string): [number, number, number, number] {
  let [h1, h2, h3, h4] = [1779033703, 3144134277, 1013904242, 2773480762];
  for (const ch of seed) {
    const k = ch.charCodeAt(0);
    h1 = u32(h2 ^ mul(h1 ^ k, 597399067));
    h2 = u32(h3 ^ mul(h2 ^ k, 2869860233));
    h3 = u32(h4 ^ mul(h3 ^ k, 951274213));
    h4 = u32(h1 ^ mul(h4 ^ k, 2716044179));
  }
  h1 = mul(h3 ^ (h1 >>> 18), 597399067);
  h2 = mul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = mul(h1 ^ (h3 >>> 17), 951274213);
  h4 = mul(h2 ^ (h4 >>> 19), 2716044179);
  h1 = u32(h1 ^ h2 ^ h3 ^ h4);
  return [h1, u32(h2 ^ h1), u32(h3 ^ h1), u32(h4 ^ h1)];
}

/** Step 3: sfc32 from those words; each call gives the next output. */
export function generator([a0, b0, c0, d0]: readonly number[]): () => number {
  let [a, b, c, d] = [a0 as number, b0 as number, c0 as number, d0 as number];
  return () => {
    const t = u32(a + b + d);
    d = u32(d + 1);
    a = u32(b ^ (b >>> 9));
    b = u32(c + (c << 3));
    c = u32(((c << 21) | (c >>> 11)) + t);
    return t;
  };
}

/** Step 5: a draw in [0, n), redrawing outputs at or above the limit. */
export function draw(next: () => number, n: number): number {
  const limit = 2 ** 32 - (2 ** 32 % n);
  for (;;) {
    const r = next();
    if (r < limit) return r % n;
  }
}

/** Steps 4 to 8: the deal and the random leader. */
export function dealFromTheDoc(seed: string, players: number, handSize: number): { hands: string[][]; boneyard: string[]; randomLeader: number } {
  const next = generator(seedWords(seed));
  for (let i = 0; i < 15; i++) next();
  const order = TILES.slice();
  for (let i = 27; i >= 1; i--) {
    const j = draw(next, i + 1);
    [order[i], order[j]] = [order[j] as string, order[i] as string];
  }
  const hands = Array.from({ length: players }, (_, s) => order.slice(s * handSize, (s + 1) * handSize));
  return { hands, boneyard: order.slice(players * handSize), randomLeader: draw(next, players) };
}

/** Step 9, the highest-double rule: the seat holding the highest dealt tile, and that tile. */
export function highestTile(hands: readonly (readonly string[])[]): { seat: number; tile: string } {
  const rank = (t: string): number => {
    const [lo, hi] = t.split('-').map(Number) as [number, number];
    return (lo === hi ? 1000 : 0) + (lo + hi) * 10 + hi;
  };
  let best = { seat: -1, tile: '', rank: -1 };
  hands.forEach((hand, seat) => {
    for (const tile of hand) if (rank(tile) > best.rank) best = { seat, tile, rank: rank(tile) };
  });
  return { seat: best.seat, tile: best.tile };
}
