import { type RandomSource, type Tile, type TileMask, shuffleInPlace } from '@fives/engine';
import { type SeatView, numbersOf } from './seat-view.ts';

/** One guess at the hidden tiles, consistent with everything the seat knows. */
export interface Determinization {
  readonly hands: TileMask[];
  /** The boneyard in the order it will be drawn. */
  readonly boneyard: Tile[];
}

const ATTEMPTS = 30;

/**
 * Deals the unseen tiles to the other seats and the boneyard at random, such that every group
 * of a player's tiles shows none of the numbers the player was seen to lack. The most
 * constrained groups are filled first; a dead end starts again, and after a few dead ends
 * (which only a rare, tight position makes) the constraints are dropped rather than stall.
 */
export function determinize(sv: SeatView, random: RandomSource): Determinization {
  const unseen: Tile[] = [];
  for (let m = sv.unseen; m !== 0; m &= m - 1) unseen.push((31 - Math.clz32(m & -m)) as Tile);
  const slots: { seat: number; size: number; lacks: number; fits: number }[] = [];
  sv.groups.forEach((gs, seat) => {
    for (const g of gs) {
      let fits = 0;
      for (const t of unseen) if ((numbersOf(t) & g.lacks) === 0) fits++;
      slots.push({ seat, size: g.size, lacks: g.lacks, fits });
    }
  });
  slots.sort((a, b) => a.fits - a.size - (b.fits - b.size));
  for (let attempt = 0; attempt <= ATTEMPTS; attempt++) {
    const strict = attempt < ATTEMPTS;
    const pool = shuffleInPlace(unseen.slice(), random);
    const hands = new Array<number>(sv.rules.players).fill(0);
    hands[sv.seat] = sv.mine;
    let failed = false;
    for (const slot of slots) {
      let need = slot.size;
      for (let i = 0; i < pool.length && need > 0;) {
        const t = pool[i] as Tile;
        if (!strict || (numbersOf(t) & slot.lacks) === 0) {
          hands[slot.seat] = (hands[slot.seat] as number) | (1 << t);
          pool[i] = pool[pool.length - 1] as Tile;
          pool.pop();
          need--;
        } else i++;
      }
      if (need > 0) {
        failed = true;
        break;
      }
    }
    if (failed) continue;
    // What is left is exactly the boneyard; the pool's order is already random, but taking
    // tiles out swapped some, so shuffle once more to keep the drawing order uniform.
    return { hands, boneyard: shuffleInPlace(pool.slice(), random) };
  }
  throw new Error('determinize: the unseen tiles do not add up to the hidden hands and boneyard');
}
