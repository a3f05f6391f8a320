/**
 * Randomness comes in from outside: the server hands the engine a cryptographically secure
 * source, tests and replays a seeded one. `seededRandom` is specified exactly (cyrb128 to seed
 * sfc32, rejection sampling for bounds) so a deal can be re-made bit for bit from its seed,
 * anywhere, including in a browser checking that a hand was dealt fairly.
 */
export interface RandomSource {
  /** A uniform integer in [0, bound), for 1 <= bound <= 2^32. */
  int(bound: number): number;
}

/** cyrb128: four 32-bit words from a string, well mixed. */
function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** A deterministic source from a seed string (sfc32). */
export function seededRandom(seed: string | number): RandomSource {
  let [a, b, c, d] = cyrb128(String(seed));
  const next = (): number => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 15; i++) next();
  return { int: (bound) => boundedInt(next, bound) };
}

/** Uniform in [0, bound) from a 32-bit source, without modulo bias. */
export function boundedInt(next32: () => number, bound: number): number {
  if (!(bound >= 1 && bound <= 0x1_0000_0000) || !Number.isInteger(bound)) {
    throw new RangeError(`bound must be an integer in [1, 2^32], got ${bound}`);
  }
  const limit = 0x1_0000_0000 - (0x1_0000_0000 % bound);
  for (;;) {
    const r = next32();
    if (r < limit) return r % bound;
  }
}

/** Fisher–Yates, in place; returns the same array. */
export function shuffleInPlace<T>(items: T[], random: RandomSource): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    const tmp = items[i] as T;
    items[i] = items[j] as T;
    items[j] = tmp;
  }
  return items;
}
