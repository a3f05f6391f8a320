import type { RandomSource, Tile, TileMask } from '@fives/engine';
import { type SeatView, numbersOf } from './seat-view.ts';

/** One guess at the hidden tiles, consistent with everything the seat knows. */
export interface Determinization {
  readonly hands: TileMask[];
  /** The boneyard in the order it will be drawn. */
  readonly boneyard: Tile[];
}

const ATTEMPTS = 30;

/**
 * How likely, against any other tile that fits, a tile a player passed over for less is to be
 * dealt to that player (`SeatView.passedOver`). Chosen by the sampler's log-likelihood of the
 * true hidden hands (inference.test.ts, docs/bots.md): lower trusts the evidence more.
 */
export const PASSED_OVER_WEIGHT = 0.25;

/**
 * Deals the unseen tiles to the other seats and the boneyard at random, such that every group
 * of a player's tiles shows none of the numbers the player was seen to lack. The most
 * constrained groups are filled first; a dead end starts again, and after a few dead ends
 * (which only a rare, tight position makes) the constraints are dropped rather than stall.
 *
 * A tile a player passed over for a smaller score is kept from that player's groups with
 * probability 1 − `weight` on the first pass over the shuffled tiles; only if too few others
 * fit does a second pass take it anyway, so it is less likely there, never impossible.
 *
 * What depends only on the view (the unseen tiles, the groups in the order they are filled) is
 * worked out once; each `next` deals into the same typed arrays, so a search draws thousands of
 * deals without making an array.
 */
export class Sampler {
  /** The last deal: every seat's tiles (the viewer's own included). */
  readonly hands: Int32Array;
  /** The last deal's boneyard in drawing order: its first `boneyardSize` entries. */
  readonly boneyard: Int8Array;
  boneyardSize = 0;
  private readonly unseen: Int8Array;
  private readonly slotSeat: Int8Array;
  private readonly slotSize: Int8Array;
  private readonly slotLacks: Int8Array;
  /** Per slot: the tiles its seat passed over (none when the weight is 1). */
  private readonly slotAvoid: Int32Array;
  /** The weight in 1/2^16, for an integer coin. */
  private readonly keep: number;

  constructor(
    private readonly sv: SeatView,
    weight: number = PASSED_OVER_WEIGHT,
  ) {
    const unseen: number[] = [];
    for (let m = sv.unseen; m !== 0; m &= m - 1) unseen.push(31 - Math.clz32(m & -m));
    const slots: { seat: number; size: number; lacks: number; fits: number }[] = [];
    sv.groups.forEach((gs, seat) => {
      for (const g of gs) {
        let fits = 0;
        for (const t of unseen) if ((numbersOf(t as Tile) & g.lacks) === 0) fits++;
        slots.push({ seat, size: g.size, lacks: g.lacks, fits });
      }
    });
    slots.sort((a, b) => a.fits - a.size - (b.fits - b.size));
    this.unseen = Int8Array.from(unseen);
    this.slotSeat = Int8Array.from(slots, (s) => s.seat);
    this.slotSize = Int8Array.from(slots, (s) => s.size);
    this.slotLacks = Int8Array.from(slots, (s) => s.lacks);
    this.slotAvoid = Int32Array.from(slots, (s) => (weight >= 1 ? 0 : (sv.passedOver[s.seat] ?? 0)));
    this.keep = Math.round(Math.max(0, Math.min(1, weight)) * 65536);
    this.hands = new Int32Array(sv.rules.players);
    this.boneyard = new Int8Array(unseen.length);
  }

  /** Deals a fresh guess into `hands` and `boneyard`. */
  next(random: RandomSource): void {
    const pool = this.boneyard;
    const hands = this.hands;
    const slots = this.slotSeat.length;
    for (let attempt = 0; attempt <= ATTEMPTS; attempt++) {
      const strict = attempt < ATTEMPTS;
      // Loops rather than set and fill: on arrays this small the calls cost more than the copies.
      for (let i = 0; i < pool.length; i++) pool[i] = this.unseen[i] as number;
      shuffle(pool, pool.length, random);
      let left = pool.length;
      for (let s = 0; s < hands.length; s++) hands[s] = 0;
      hands[this.sv.seat] = this.sv.mine;
      let failed = false;
      for (let k = 0; k < slots && !failed; k++) {
        const seat = this.slotSeat[k] as number;
        const lacks = this.slotLacks[k] as number;
        const avoid = strict ? (this.slotAvoid[k] as number) : 0;
        let need = this.slotSize[k] as number;
        let held = 0;
        for (let i = 0; i < left && need > 0;) {
          const t = pool[i] as number;
          if (!strict || (numbersOf(t as Tile) & lacks) === 0) {
            if ((avoid & (1 << t)) !== 0 && random.int(65536) >= this.keep) {
              held |= 1 << t;
              i++;
              continue;
            }
            hands[seat] = (hands[seat] as number) | (1 << t);
            pool[i] = pool[left - 1] as number;
            left--;
            need--;
          } else i++;
        }
        // Too few others fit: the passed-over tiles it held back, in the pool's order.
        for (let i = 0; i < left && need > 0 && held !== 0;) {
          const t = pool[i] as number;
          if ((held & (1 << t)) !== 0) {
            hands[seat] = (hands[seat] as number) | (1 << t);
            pool[i] = pool[left - 1] as number;
            left--;
            need--;
          } else i++;
        }
        failed = need > 0;
      }
      if (failed) continue;
      // What is left is exactly the boneyard; the pool's order is already random, but taking
      // tiles out swapped some, so shuffle once more to keep the drawing order uniform.
      shuffle(pool, left, random);
      this.boneyardSize = left;
      return;
    }
    throw new Error('determinize: the unseen tiles do not add up to the hidden hands and boneyard');
  }
}

/** Fisher–Yates on the first `n` entries, in place. */
function shuffle(a: Int8Array, n: number, random: RandomSource): void {
  for (let i = n - 1; i > 0; i--) {
    const j = random.int(i + 1);
    const tmp = a[i] as number;
    a[i] = a[j] as number;
    a[j] = tmp;
  }
}

/** One guess, as plain arrays (a `Sampler` for a single deal). */
export function determinize(sv: SeatView, random: RandomSource, weight: number = PASSED_OVER_WEIGHT): Determinization {
  const s = new Sampler(sv, weight);
  s.next(random);
  return { hands: Array.from(s.hands), boneyard: Array.from(s.boneyard.subarray(0, s.boneyardSize)) as Tile[] };
}
