import { describe, expect, it } from 'vitest';
import { Encoder, PacketType } from 'socket.io-parser';
import { JsonParser } from '../../src/sockets/adapter.ts';
import { ReusingEncoder } from '../../src/sockets/encoder.ts';

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

  it('writes a broadcast as JSON.stringify would, and its sockets get the same packet as from Socket.IO', () => {
    const mine = new JsonParser();
    mine.ownUid = 'xyz789';
    const sent = { type: PacketType.EVENT, data: ['table:state', { tableId: 't1', view: null, s: 'a "quoted" é' }], nsp: '/' };
    const options = { rooms: ['t:t1:s0'], except: [], flags: {} };
    expect(JSON.parse(mine.encode(['xyz789', sent, options]))).toEqual(['xyz789', sent, options]);
    // The adapter wrote the payload first (as it does); the node's own sockets get that text.
    expect(new ReusingEncoder().encode(sent)).toEqual(new Encoder().encode({ ...sent }));
    const other = { type: PacketType.EVENT, data: ['table:state', { v: 1 }], nsp: '/admin', id: 4 };
    mine.encode(['xyz789', other, {}]);
    expect(new ReusingEncoder().encode(other)).toEqual(new Encoder().encode({ ...other }));
    expect(new ReusingEncoder().encode({ type: PacketType.EVENT, data: ['x', 1], nsp: '/' })).toEqual(['2["x",1]']);
  });

  it('writes what the adapter did not (a broadcast to this node alone, an ack) as Socket.IO does', () => {
    const packets = [
      { type: PacketType.EVENT, data: ['table:state', { tableId: 't1', seats: [null, { n: 'é "x"' }] }], nsp: '/' },
      { type: PacketType.ACK, data: [{ ok: true, data: { version: 3 } }], nsp: '/', id: 12 },
      { type: PacketType.EVENT, data: ['server:draining', { reason: 'shutdown' }], nsp: '/admin', id: 4 },
      { type: PacketType.CONNECT, data: { sid: 'abc' }, nsp: '/' },
      { type: PacketType.DISCONNECT, nsp: '/' },
    ];
    for (const packet of packets) expect(new ReusingEncoder().encode({ ...packet })).toEqual(new Encoder().encode({ ...packet }));
  });
});
