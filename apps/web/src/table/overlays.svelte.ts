import type { TableView } from '@fives/engine';

/**
 * What lies over the table: the end-of-hand panel, the score sheet, the settings and the
 * question whether to leave. The hand that ended is kept until the player closes its panel: the
 * server deals the next hand by itself, so the view may move on while the player still reads it.
 */
export class Overlays {
  /** The end of the last hand, shown in its panel until closed. */
  handEnd = $state<TableView | null>(null);
  /** The panel put aside to look at the finished layout (the board shows the hand that ended meanwhile). */
  peeking = $state(false);
  sheetOpen = $state(false);
  settingsOpen = $state(false);
  /** Asking whether to leave a game under way (one stray tap on the arrow should not end it). */
  leaving = $state(false);
  /** How many hands had ended when the panel last opened: each hand's end opens it once. */
  #handEndShown = -1;

  /** Something covers the table: keys pressed with nothing focused are not the hand's. */
  get covering(): boolean {
    return this.sheetOpen || this.settingsOpen || this.handEnd !== null || this.leaving;
  }

  /** What the board shows: the hand that ended while the player looks at it, else the table now. */
  boardView(view: TableView): TableView {
    return this.peeking && this.handEnd ? this.handEnd : view;
  }

  /** A new view (after `last`): a hand's end opens its panel, a game's end the sheet, and a rematch's new game closes both. */
  see(last: TableView | null, next: TableView): void {
    if (next.hand?.end && this.#handEndShown !== next.handScores.length) {
      this.#handEndShown = next.handScores.length;
      this.handEnd = next;
    }
    if (next.status === 'over') this.sheetOpen = true;
    if (last?.status === 'over' && next.status !== 'over') this.closeGame();
  }

  /**
   * A person's clock never runs while the panel hides the table: when their timed turn comes,
   * the end-of-hand panel and a mid-game score sheet give way. Whether they did (the player is
   * then told why).
   */
  giveWayToTurn(view: TableView): boolean {
    if (this.handEnd === null && !(this.sheetOpen && view.status !== 'over')) return false;
    this.closeHandEnd();
    this.sheetOpen = false;
    return true;
  }

  closeHandEnd(): void {
    this.handEnd = null;
    this.peeking = false;
  }

  /** The game's sheet and the last hand's panel, both gone: a new game begins. */
  closeGame(): void {
    this.sheetOpen = false;
    this.handEnd = null;
  }
}
