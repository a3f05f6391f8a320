import { describe, expect, it } from 'vitest';
import { JsonParser } from '../src/sockets/adapter.ts';

/** The Redis adapter's wire format (src/sockets/adapter.ts): JSON, a node's own broadcasts left unparsed. */
describe('the adapter parser', () => {
  const packet = { type: 2, data: ['table:state', { tableId: 't1', version: 7 }], nsp: '/' };

  it('reads back what another node wrote', () => {
    const theirs = new JsonParser();
    theirs.ownUid = 'abc123';
    const mine = new JsonParser();
    mine.ownUid = 'xyz789';
    const wire = Buffer.from(theirs.encode(['abc123', packet, { rooms: ['t:t1:s0'] }]));
    expect(mine.decode(wire)).toEqual(['abc123', packet, { rooms: ['t:t1:s0'] }]);
  });

  it('knows its own broadcasts by their first bytes: the uid alone, nothing parsed', () => {
    const mine = new JsonParser();
    mine.ownUid = 'xyz789';
    expect(mine.decode(Buffer.from(`${mine.encode(['xyz789', packet, {}]).slice(0, -5)}not json`))).toEqual(['xyz789']);
  });

  it('drops what is not JSON (the adapter ignores a message without a packet)', () => {
    const mine = new JsonParser();
    mine.ownUid = 'xyz789';
    expect(mine.decode(Buffer.from([0x93, 0xa6, 0x61]))).toEqual([]);
    expect(mine.decode('{"type":1,"requestId":"r"}')).toEqual({ type: 1, requestId: 'r' });
  });
});
