/**
 * Where the pips of each number sit on a square half, in units of the half's width from its
 * centre: 0 to 6, and 7 to 9 for the Cuban game's double-nine set (a grid of three by three: the
 * six, then the centre, the middle row, both).
 */
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
  [
    [-O, -O],
    [0, -O],
    [O, -O],
    [0, 0],
    [-O, O],
    [0, O],
    [O, O],
  ],
  [
    [-O, -O],
    [0, -O],
    [O, -O],
    [-O, 0],
    [O, 0],
    [-O, O],
    [0, O],
    [O, O],
  ],
  [
    [-O, -O],
    [0, -O],
    [O, -O],
    [-O, 0],
    [0, 0],
    [O, 0],
    [-O, O],
    [0, O],
    [O, O],
  ],
];
