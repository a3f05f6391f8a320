import { Decoder, Encoder, type Packet, PacketType } from 'socket.io-parser';

/**
 * A broadcast's payload as JSON, by its packet, kept by the adapter (`adapter.ts`), which writes
 * it first for Redis: the node's own sockets are then sent the same text instead of a second
 * `JSON.stringify` of the same state (measured under load, docs/performance.md). Weak: a packet
 * is gone once sent, and its text with it.
 */
const written = new WeakMap<Packet, string>();

export function keepPayloadJson(packet: Packet, json: string): void {
  written.set(packet, json);
}

/**
 * Socket.IO's own encoder, the same wire format, except for a packet whose payload is already
 * written (`keepPayloadJson`): that text is used as it is, with no search for binary parts either
 * (the adapter has just written it as JSON, so it has none). Everything else goes through
 * Socket.IO's encoder unchanged.
 */
export class ReusingEncoder extends Encoder {
  override encode(packet: Packet): Array<string | Buffer> {
    const json = written.get(packet);
    if (json === undefined || (packet.type !== PacketType.EVENT && packet.type !== PacketType.ACK)) return super.encode(packet) as Array<string | Buffer>;
    // As `encodeAsString`: type, namespace unless "/", id, then the data.
    let head = String(packet.type);
    if (packet.nsp && packet.nsp !== '/') head += `${packet.nsp},`;
    if (packet.id != null) head += String(packet.id);
    return [head + json];
  }
}

/** The `parser` option of the Socket.IO server. */
export const socketParser = { Encoder: ReusingEncoder, Decoder };
