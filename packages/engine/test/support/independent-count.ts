import type { LayoutView } from '../../src/index.ts';

/**
 * The count of docs/rules.md#the-count worked out again from the drawn layout, without the engine's board:
 * the outer number of each arm's tip tile, both halves for a double, and a tile alone on the
 * line (the lead, or a spinner whose sides are still open) counted by its pips once.
 */
export function countFromLayout(layout: LayoutView): number {
  const { line, north, south } = layout;
  if (line.length === 0) return 0;
  let total = 0;
  const westTip = line[0];
  const eastTip = line[line.length - 1];
  if (!westTip || !eastTip) return 0;
  if (line.length === 1) total += westTip.a + westTip.b;
  else {
    total += westTip.double ? 2 * westTip.a : westTip.a;
    total += eastTip.double ? 2 * eastTip.b : eastTip.b;
  }
  for (const arm of [north, south]) {
    const tip = arm[arm.length - 1];
    if (tip) total += tip.double ? 2 * tip.b : tip.b;
  }
  return total;
}
