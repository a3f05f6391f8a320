import {
  BLOCKS_MAX,
  BlockRequestSchema,
  BlockSeatRequestSchema,
  type Blocks,
  ErrorCode,
  type GameId,
  type PlayerId,
  PlayerIdSchema,
  ReportRequestSchema,
  type TableId,
  splitGameId,
} from '@fives/protocol';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AccountStore } from '../accounts/store.ts';
import type { GameArchive } from '../archive/archive.ts';
import { type Identities, refusalOf } from '../identity/identify.ts';
import { type Player, bearerToken } from '../identity/token.ts';
import type { SafetyStore } from '../safety/store.ts';
import type { TableStore } from '../store/store.ts';
import { problem } from '../tables/problems.ts';
import { sendProblem } from './reply.ts';
import { type ZodTypeProvider, answerSchemaRefusals, zodValidatorCompiler } from './schemas.ts';

export interface SafetyRoutesOptions {
  readonly safety: SafetyStore;
  readonly identities: Identities;
  /** Where a person is known from: a table they sit at, an archived game, their account. */
  readonly store: Pick<TableStore, 'load'>;
  readonly archive: GameArchive;
  readonly accounts: AccountStore;
  readonly now: () => Date;
}

const ReportBody = ReportRequestSchema.describe('the report');
const BlockBody = BlockRequestSchema.optional().describe('the block');
const BlockSeatBody = BlockSeatRequestSchema.describe('the seat to block');
const BlockParams = z.strictObject({ playerId: PlayerIdSchema }).describe('the player id');

/**
 * Reporting and blocking over HTTP (docs/protocol.md, "Report and block"). A person is known to
 * whoever reports or blocks them from where they met: the table or game named (a newcomer has no
 * archived game yet), else the archive or the accounts. Bad input changes nothing.
 */
export const safetyRoutes: FastifyPluginAsync<SafetyRoutesOptions> = async (plugin, o) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setErrorHandler(answerSchemaRefusals);

  const who = async (request: FastifyRequest, reply: FastifyReply): Promise<Player | null> => {
    const token = bearerToken(request.headers.authorization);
    if (token === null) {
      await sendProblem(reply, problem(ErrorCode.authRequired, 'this needs a token (Authorization: Bearer …) from POST /api/guests'));
      return null;
    }
    const checked = await o.identities.check(token);
    if (!checked.ok) {
      await sendProblem(reply, problem(checked.code, refusalOf(checked)));
      return null;
    }
    return checked.player;
  };

  /** The name a person sits under at the table, or null when they do not sit there. */
  const atTable = async (tableId: TableId, id: PlayerId): Promise<string | null> => {
    const doc = await o.store.load(tableId);
    const seat = doc?.seats.find((s) => s.kind === 'human' && s.playerId === id);
    return seat?.kind === 'human' ? seat.name : null;
  };
  /** The name they played game `gameId` under (under way at its table, or archived), or null when they did not. */
  const inGame = async (gameId: GameId, id: PlayerId): Promise<string | null> => {
    const archived = await o.archive.game(gameId);
    if (archived !== null) {
      const seat = archived.seats.find((s) => s.kind === 'human' && s.playerId === id);
      return seat?.kind === 'human' ? seat.name : null;
    }
    const { tableId, game } = splitGameId(gameId);
    const doc = await o.store.load(tableId);
    if (doc === null || game > doc.game) return null;
    return atTable(tableId, id);
  };
  /** The name a person is known by anywhere, or null for an id nobody has played under. */
  const known = async (id: PlayerId): Promise<string | null> => {
    const profile = await o.archive.player(id);
    if (profile !== null) return profile.name;
    return (await o.accounts.account(id))?.name ?? null;
  };
  /** The person at `seat` of a table now: their id and name, or null (open, a computer, no table). */
  const seatedAt = async (tableId: TableId, seat: number): Promise<{ id: PlayerId; name: string } | null> => {
    const s = (await o.store.load(tableId))?.seats[seat];
    return s?.kind === 'human' ? { id: s.playerId, name: s.name } : null;
  };
  /** The person who sat at `seat` in game `gameId` (archived, or under way at its table), or null. */
  const seatedIn = async (gameId: GameId, seat: number): Promise<PlayerId | null> => {
    const archived = await o.archive.game(gameId);
    if (archived !== null) {
      const s = archived.seats[seat];
      return s?.kind === 'human' ? s.playerId : null;
    }
    const { tableId, game } = splitGameId(gameId);
    const doc = await o.store.load(tableId);
    if (doc === null || game > doc.game) return null;
    return (await seatedAt(tableId, seat))?.id ?? null;
  };
  const unknown = (reply: FastifyReply, id: PlayerId): FastifyReply => sendProblem(reply, problem(ErrorCode.playerNotFound, `no player ${id} is known here`));
  const blocksOf = async (id: PlayerId): Promise<Blocks> => ({ blocks: await o.safety.blocks(id) });
  /** Blocking again keeps the one block; past BLOCKS_MAX nothing changes. */
  const blockOne = async (reply: FastifyReply, player: Player, id: PlayerId, name: string): Promise<Blocks | FastifyReply> => {
    const blocked = await o.safety.block(player.id, id, name, o.now().toISOString(), BLOCKS_MAX);
    if (blocked === 'too_many') return sendProblem(reply, problem(ErrorCode.tooManyBlocks, `you block ${BLOCKS_MAX} people already; unblock someone first`));
    return blocksOf(player.id);
  };

  app.post('/api/reports', { schema: { body: ReportBody } }, async (request, reply) => {
    const player = await who(request, reply);
    if (player === null) return reply;
    const { reason, note, gameId, seat } = request.body;
    const playerId = request.body.playerId ?? (seat === undefined || gameId === undefined ? null : await seatedIn(gameId, seat));
    if (playerId === null) return sendProblem(reply, problem(ErrorCode.playerNotFound, `nobody sat at seat ${seat ?? '?'} in game ${gameId ?? '?'}`));
    if (playerId === player.id) return sendProblem(reply, problem(ErrorCode.reportSelf, 'you cannot report yourself'));
    if (gameId !== undefined) {
      if ((await inGame(gameId, playerId)) === null) return sendProblem(reply, problem(ErrorCode.gameNotFound, `there is no game ${gameId} with player ${playerId} in it`));
    } else if ((await known(playerId)) === null) return unknown(reply, playerId);
    const report = await o.safety.file({ reporter: player.id, reported: playerId, reason, note: note ?? '', gameId: gameId ?? null, createdAt: o.now().toISOString() });
    return reply.code(201).send({ report });
  });

  app.get('/api/blocks', async (request, reply) => {
    const player = await who(request, reply);
    if (player === null) return reply;
    return blocksOf(player.id);
  });

  app.put('/api/blocks/:playerId', { schema: { params: BlockParams, body: BlockBody } }, async (request, reply) => {
    const player = await who(request, reply);
    if (player === null) return reply;
    const { playerId } = request.params;
    if (playerId === player.id) return sendProblem(reply, problem(ErrorCode.blockSelf, 'you cannot block yourself'));
    const tableId = request.body?.tableId;
    const name = (tableId === undefined ? null : await atTable(tableId, playerId)) ?? (await known(playerId));
    if (name === null) return unknown(reply, playerId);
    return blockOne(reply, player, playerId, name);
  });

  app.post('/api/blocks', { schema: { body: BlockSeatBody } }, async (request, reply) => {
    const player = await who(request, reply);
    if (player === null) return reply;
    const { tableId, seat } = request.body;
    const person = await seatedAt(tableId, seat);
    if (person === null) return sendProblem(reply, problem(ErrorCode.playerNotFound, `nobody sits at seat ${seat} of table ${tableId}`));
    if (person.id === player.id) return sendProblem(reply, problem(ErrorCode.blockSelf, 'you cannot block yourself'));
    return blockOne(reply, player, person.id, person.name);
  });

  app.delete('/api/blocks/:playerId', { schema: { params: BlockParams } }, async (request, reply) => {
    const player = await who(request, reply);
    if (player === null) return reply;
    // Unblocking someone not blocked leaves things as they are: the list says so.
    await o.safety.unblock(player.id, request.params.playerId);
    return blocksOf(player.id);
  });
};
