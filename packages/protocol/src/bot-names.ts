/**
 * The computer players' names, in the order they are given out: the first name nobody at the
 * table goes by. Online and in practice alike, so a computer player reads the same everywhere,
 * and two of them at a table never read the same. The level is said apart from the name (a
 * badge), since the host may change it while the seat keeps its player.
 */
export const BOT_NAMES = ['Ada', 'Basil', 'Cleo', 'Dara', 'Emil', 'Fern', 'Gus', 'Hana'] as const;

/** Names are told apart as people read them: "ada" is Ada. */
function key(name: string): string {
  return name.normalize('NFC').trim().toLowerCase();
}

/**
 * The name for a computer player joining people and players called `taken`: the first of
 * `BOT_NAMES` none of them goes by. A table has at most four seats, so the list never runs out;
 * were it to, the first name gets a number ("Ada 2") that is still nobody's.
 */
export function botNameBesides(taken: Iterable<string>): string {
  const used = new Set(Array.from(taken, key));
  const free = BOT_NAMES.find((name) => !used.has(key(name)));
  if (free !== undefined) return free;
  for (let n = 2; ; n++) {
    const numbered = `${BOT_NAMES[0]} ${n}`;
    if (!used.has(key(numbered))) return numbered;
  }
}

/** Whether two names read as the same name. */
export function sameName(a: string, b: string): boolean {
  return key(a) === key(b);
}
