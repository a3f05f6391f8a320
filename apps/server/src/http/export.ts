import type { AccountExport, ArchivedGame } from '@fives/protocol';
import { PLAYER_GAMES_LIMIT } from '@fives/protocol';
import { type AccountStore, infoOf } from '../accounts/store.ts';
import type { GameArchive } from '../archive/archive.ts';
import type { PushStore } from '../push/store.ts';
import type { SafetyStore } from '../safety/store.ts';
import type { Player } from '../identity/token.ts';

/**
 * Everything kept about a player (docs/protocol.md, "Your data"): the account without its keys,
 * the archive's profile and rating history, every archived game they sat in with its record, the
 * people they block and the reports they filed.
 * The games are read a page at a time (the archive's keyset pages), then each whole: an export
 * is asked for rarely, and each game read on its own keeps the archive's API as it is.
 */
export async function exportOf(
  player: Player,
  o: { readonly accounts: AccountStore; readonly archive: GameArchive; readonly safety: SafetyStore; readonly push: PushStore; readonly now: () => Date },
): Promise<AccountExport> {
  const [account, profile, history, blocks, reports, subscriptions] = await Promise.all([
    o.accounts.account(player.id),
    o.archive.player(player.id),
    o.archive.ratingHistory(player.id),
    o.safety.blocks(player.id),
    o.safety.reportsBy(player.id),
    o.push.subscriptionsOf(player.id),
  ]);
  const games: ArchivedGame[] = [];
  let page = await o.archive.playerGames(player.id, { before: null, limit: PLAYER_GAMES_LIMIT.max });
  while (page !== null) {
    for (const summary of page.games) {
      const game = await o.archive.game(summary.id);
      if (game !== null) games.push(game);
    }
    page = page.next === null ? null : await o.archive.playerGames(player.id, { before: page.next, limit: PLAYER_GAMES_LIMIT.max });
  }
  return {
    exportedAt: o.now().toISOString(),
    player: { id: player.id, name: player.name },
    account: account === null ? null : infoOf(account),
    profile: profile === null ? null : { ...profile, kept: account !== null },
    ratingHistory: history?.history ?? {},
    games,
    blocks,
    reports,
    notifications: subscriptions.map((s) => ({ endpoint: s.endpoint, kinds: [...s.kinds], lang: s.lang, since: s.since })),
  };
}
