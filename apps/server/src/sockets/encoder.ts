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
 * Socket.IO's own encoder, the same wire format, for events and acks without its search for
 * binary parts (nothing this server sends is binary: a walk of every state sent, ~1 % of a
 * move's CPU), and with a packet's payload written already (`keepPayloadJson`) used as it is.
 * Everything else goes through Socket.IO's encoder unchanged.
 */
export class ReusingEncoder extends Encoder {
  override encode(packet: Packet): Array<string | Buffer> {
    if (packet.type !== PacketType.EVENT && packet.type !== PacketType.ACK) return super.encode(packet) as Array<string | Buffer>;
    // As `encodeAsString`: type, namespace unless "/", id, then the data.
    let head = String(packet.type);
    if (packet.nsp && packet.nsp !== '/') head += `${packet.nsp},`;
    if (packet.id != null) head += String(packet.id);
    const data: unknown = packet.data;
    return [data == null ? head : head + (written.get(packet) ?? JSON.stringify(data))];
  }
}

/** The `parser` option of the Socket.IO server. */
export const socketParser = { Encoder: ReusingEncoder, Decoder };
