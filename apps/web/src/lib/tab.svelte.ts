/**
 * What the browser tab shows about the game: the title and the icon say when it is the
 * player's turn, so a player in another tab sees it. App.svelte draws them from this.
 */
class Tab {
  yourTurn = $state(false);
}

export const tab = new Tab();

const DOMINO =
  "%3Crect width='64' height='32' rx='5' fill='%23f8f2e0'/%3E%3Cline x1='32' y1='4' x2='32' y2='28' stroke='%23665'/%3E%3Cg fill='%23111'%3E%3Ccircle cx='8' cy='8' r='3'/%3E%3Ccircle cx='24' cy='8' r='3'/%3E%3Ccircle cx='16' cy='16' r='3'/%3E%3Ccircle cx='8' cy='24' r='3'/%3E%3Ccircle cx='24' cy='24' r='3'/%3E%3Ccircle cx='40' cy='8' r='3'/%3E%3Ccircle cx='56' cy='8' r='3'/%3E%3Ccircle cx='48' cy='16' r='3'/%3E%3Ccircle cx='40' cy='24' r='3'/%3E%3Ccircle cx='56' cy='24' r='3'/%3E%3C/g%3E";

/** The tab's icon: the five–five domino of index.html, with a red dot on the player's turn. */
export function favicon(yourTurn: boolean): string {
  const dot = yourTurn ? "%3Ccircle cx='52' cy='20' r='12' fill='%23e0452f' stroke='%23fff' stroke-width='3'/%3E" : '';
  return `data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 64 32'%3E${DOMINO}${dot}%3C/svg%3E`;
}
