/** Where the pips of each number sit on a square half, in units of the half's width from its centre. */
const O = 0.27;
export const PIP_SPOTS: readonly (readonly [number, number][])[] = [
  [],
  [[0, 0]],
  [
    [-O, -O],
    [O, O],
  ],
  [
    [-O, -O],
    [0, 0],
    [O, O],
  ],
  [
    [-O, -O],
    [O, -O],
    [-O, O],
    [O, O],
  ],
  [
    [-O, -O],
    [O, -O],
    [0, 0],
    [-O, O],
    [O, O],
  ],
  [
    [-O, -O],
    [0, -O],
    [O, -O],
    [-O, O],
    [0, O],
    [O, O],
  ],
];
