/** A clock the test moves on by hand: deadlines fall due when the test says, never by waiting. */
export class FakeClock {
  constructor(private ms = Date.UTC(2026, 10, 29, 11, 0, 0)) {}

  readonly now = (): Date => new Date(this.ms);

  get ms_(): number {
    return this.ms;
  }

  advance(ms: number): void {
    this.ms += ms;
  }
}
