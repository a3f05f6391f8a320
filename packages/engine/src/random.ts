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

/**
 * A deterministic source from a seed string (sfc32). A class rather than a closure so that a
 * hot loop's `random.int` is one monomorphic method the compiler inlines (about 8 ns a call
 * against 20 through a closure and a generic bound check); the numbers are the same.
 */
export class Sfc32 implements RandomSource {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: string | number) {
    [this.a, this.b, this.c, this.d] = cyrb128(String(seed));
    for (let i = 0; i < 15; i++) this.next32();
  }

  /** The next 32 random bits, as an unsigned integer. */
  next32(): number {
    const a = this.a | 0;
    const b = this.b | 0;
    const c = this.c | 0;
    const d = this.d | 0;
    const t = (((a + b) | 0) + d) | 0;
    this.d = (d + 1) | 0;
    this.a = b ^ (b >>> 9);
    this.b = (c + (c << 3)) | 0;
    const r = (c << 21) | (c >>> 11);
    this.c = (r + t) | 0;
    return t >>> 0;
  }

  int(bound: number): number {
    let limit: number;
    // The small bounds of shuffles and choices read their limit from a table.
    if (bound <= SMALL_BOUNDS && bound >= 1 && (bound | 0) === bound) limit = LIMITS[bound] as number;
    else if (!(bound >= 1 && bound <= 0x1_0000_0000) || !Number.isInteger(bound)) {
      throw new RangeError(`bound must be an integer in [1, 2^32], got ${bound}`);
    } else limit = 0x1_0000_0000 - remainder(0x1_0000_0000, bound);
    // Rejection sampling exactly as `boundedInt`: the deals of old seeds must not change.
    for (;;) {
      const r = this.next32();
      if (r < limit) return remainder(r, bound);
    }
  }
}

const SMALL_BOUNDS = 64;
/** For each bound up to SMALL_BOUNDS: the largest multiple of it that fits in 32 bits, where rejection starts. */
const LIMITS = Float64Array.from({ length: SMALL_BOUNDS + 1 }, (_, b) => (b === 0 ? 0 : 0x1_0000_0000 - remainder(0x1_0000_0000, b)));

export function seededRandom(seed: string | number): Sfc32 {
  return new Sfc32(seed);
}

/** Uniform in [0, bound) from a 32-bit source, without modulo bias. */
export function boundedInt(next32: () => number, bound: number): number {
  if (!(bound >= 1 && bound <= 0x1_0000_0000) || !Number.isInteger(bound)) {
    throw new RangeError(`bound must be an integer in [1, 2^32], got ${bound}`);
  }
  const limit = 0x1_0000_0000 - remainder(0x1_0000_0000, bound);
  for (;;) {
    const r = next32();
    if (r < limit) return remainder(r, bound);
  }
}

/**
 * `x % m` for whole numbers below 2^53, by a division: numbers past 2^31 are doubles to the
 * engine, and `%` on doubles is a slow library call. Exact, since x / m rounds to nearest and
 * the gap below the next whole quotient (at least 1/m) is far wider than a double's rounding there.
 */
function remainder(x: number, m: number): number {
  return x - Math.floor(x / m) * m;
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
