/**
 * Redis Cluster's hash slot of a key (CRC16/XMODEM of the key, or of its hash tag — the text
 * between the first `{` and the next `}` when not empty — modulo 16384), as the cluster
 * computes it. The key layout (`layout.ts`) picks its shard tags with it so that they fall
 * evenly over the slot range; test/unit/redis-layout.test.ts holds it to `CLUSTER KEYSLOT`.
 */
export const SLOTS = 16384;

const TABLE = (() => {
  const t = new Uint16Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i << 8;
    for (let b = 0; b < 8; b++) c = c & 0x8000 ? ((c << 1) ^ 0x1021) & 0xffff : (c << 1) & 0xffff;
    t[i] = c;
  }
  return t;
})();

export function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) crc = ((crc << 8) & 0xffff) ^ (TABLE[((crc >> 8) ^ byte) & 0xff] as number);
  return crc;
}

export function hashTag(key: string): string {
  const open = key.indexOf('{');
  if (open < 0) return key;
  const close = key.indexOf('}', open + 1);
  return close <= open + 1 ? key : key.slice(open + 1, close);
}

export function keySlot(key: string): number {
  return crc16(Buffer.from(hashTag(key))) % SLOTS;
}
