import type { RulesInput } from '@fives/engine';

/** A correspondence game waiting for the asking person's move (issue 27). */
export interface CorrespondenceTurn {
  readonly tableId: string;
  readonly code: string;
  /** The rules as the host gave them. */
  readonly rules: RulesInput;
  /** When the turn clock runs out (ISO 8601); null: no clock runs. */
  readonly dueAt: string | null;
  /** Everyone else at the table, in seat order. */
  readonly others: readonly string[];
}

/** `GET /api/correspondence/turns`: the asker's "your turn" list, the soonest due first. */
export interface CorrespondenceTurns {
  readonly turns: readonly CorrespondenceTurn[];
}

/** The correspondence routes (docs/protocol.md#correspondence). */
export const correspondencePaths = {
  turns: '/api/correspondence/turns',
} as const;
