import { ErrorCode } from '@fives/protocol';
import { LinkErrorCode } from '@fives/protocol/client';
import { t } from '../../i18n/i18n.svelte.ts';
import type { StoodIn } from '../stood-in.ts';
import type { Notice } from '../types.ts';

/** The web client's own reasons, beside the server's `ErrorCode`s and the link's `LinkErrorCode`s. */
export const WebCode = {
  setupSeats: 'setup/seats',
  badCode: 'table/bad_code',
  stoodIn: 'seat/stood_in',
} as const;

// Functions, not constants: the words are the player's language at the moment they are said.
export const NOT_CONNECTED = (): Notice => ({ code: LinkErrorCode.notConnected, message: t('notice.notConnected') });
export const NO_NAME = (): Notice => ({ code: ErrorCode.authRequired, message: t('notice.noName') });
export const NOT_AT_TABLE = (): Notice => ({ code: ErrorCode.notJoined, message: t('notice.notAtTable') });

/** A returning player is told what the computer did with their seat (issue 15, point 7). */
export function standInNotice(stood: StoodIn): Notice {
  const message = stood.kind === 'tiles' ? t('notice.standInTiles', { count: stood.count }) : t('notice.standInHands', { count: stood.count });
  return { code: WebCode.stoodIn, message };
}
