import { type CorrespondenceTurns, correspondencePaths } from '@fives/protocol';
import type { FastifyPluginAsync } from 'fastify';
import type { Identities } from '../identity/identify.ts';
import { requestPlayer } from '../http/who.ts';
import type { CorrespondenceStore } from './store.ts';

export interface CorrespondenceRoutesOptions {
  readonly kept: Pick<CorrespondenceStore, 'turnsOf'>;
  readonly identities: Identities;
}

/** A person's "your turn" list: the correspondence games waiting for their move (docs/protocol.md#correspondence). */
export const correspondenceRoutes: FastifyPluginAsync<CorrespondenceRoutesOptions> = async (app, o) => {
  app.get(correspondencePaths.turns, async (request, reply): Promise<CorrespondenceTurns | typeof reply> => {
    const player = await requestPlayer(o.identities, request, reply);
    if (player === null) return reply;
    const turns = await o.kept.turnsOf(player.id);
    return {
      turns: turns.map((t) => ({ tableId: t.tableId, code: t.code, rules: t.rulesInput, dueAt: t.dueAt === null ? null : new Date(t.dueAt).toISOString(), others: [...t.others] })),
    };
  });
};
