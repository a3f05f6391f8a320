import { ErrorCode, GameIdSchema, LeaderboardQuerySchema, PlayerGamesQuerySchema, PlayerIdSchema, ratingKey } from '@fives/protocol';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AccountStore } from '../accounts/store.ts';
import type { GameArchive } from '../archive/archive.ts';
import { problem } from '../tables/problems.ts';
import { sendProblem } from './reply.ts';
import { type ZodTypeProvider, answerSchemaRefusals, zodValidatorCompiler } from './schemas.ts';

export interface ArchiveRoutesOptions {
  readonly archive: GameArchive;
  /** Whether a player kept their name (the profile's `kept`): a guest's name is anyone's. */
  readonly accounts: AccountStore;
}

// Each schema's description names the part in a refusal: "the game id does not fit its schema".
const GameParams = z.strictObject({ gameId: GameIdSchema }).describe('the game id');
const PlayerParams = z.strictObject({ playerId: PlayerIdSchema }).describe('the player id');
const GamesQuery = PlayerGamesQuerySchema.describe('the page of games');
const BoardQuery = LeaderboardQuerySchema.describe('the leaderboard query');

/**
 * The archive over HTTP (docs/protocol.md, "The archive"): a finished game, a player's profile
 * and their games a page at a time. Only finished games are ever archived, so nothing here
 * can show a hand still being played.
 */
export const archiveRoutes: FastifyPluginAsync<ArchiveRoutesOptions> = async (plugin, { archive, accounts }) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setErrorHandler(answerSchemaRefusals);

  app.get('/api/games/:gameId', { schema: { params: GameParams } }, async (request, reply) => {
    const { gameId } = request.params;
    const game = await archive.game(gameId);
    if (game === null) return sendProblem(reply, problem(ErrorCode.gameNotFound, `no finished game ${gameId} is archived`));
    return game;
  });

  app.get('/api/players/:playerId', { schema: { params: PlayerParams } }, async (request, reply) => {
    const { playerId } = request.params;
    const profile = await archive.player(playerId);
    if (profile === null) return sendProblem(reply, problem(ErrorCode.playerNotFound, `player ${playerId} has no archived game`));
    return { ...profile, kept: profile.deleted !== true && (await accounts.account(playerId)) !== null };
  });

  app.get('/api/players/:playerId/games', { schema: { params: PlayerParams, querystring: GamesQuery } }, async (request, reply) => {
    const { playerId } = request.params;
    const { before, limit } = request.query;
    const page = await archive.playerGames(playerId, { before: before ?? null, limit });
    if (page === null) return sendProblem(reply, problem(ErrorCode.playerNotFound, `player ${playerId} has no archived game`));
    return page;
  });

  app.get('/api/players/:playerId/ratings', { schema: { params: PlayerParams } }, async (request, reply) => {
    const { playerId } = request.params;
    const history = await archive.ratingHistory(playerId);
    if (history === null) return sendProblem(reply, problem(ErrorCode.playerNotFound, `player ${playerId} has no archived game`));
    return history;
  });

  app.get('/api/leaderboard', { schema: { querystring: BoardQuery } }, async (request) => {
    const { preset, players, limit } = request.query;
    const key = ratingKey(preset, players);
    return { key, entries: await archive.leaderboard(key, limit) };
  });
};
