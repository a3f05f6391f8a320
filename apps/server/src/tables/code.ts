import { randomInt } from 'node:crypto';
import { TABLE_CODE_ALPHABET, TABLE_CODE_LENGTH, type TableCode, type TableId } from '@fives/protocol';

const ID_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

export function newTableId(): TableId {
  let id = '';
  for (let i = 0; i < 10; i++) id += ID_ALPHABET.charAt(randomInt(ID_ALPHABET.length));
  return id as TableId;
}

/** A fresh short code (30^6 ≈ 729 million of them); the store refuses one already in use. */
export function newTableCode(): TableCode {
  let code = '';
  for (let i = 0; i < TABLE_CODE_LENGTH; i++) code += TABLE_CODE_ALPHABET.charAt(randomInt(TABLE_CODE_ALPHABET.length));
  return code as TableCode;
}
