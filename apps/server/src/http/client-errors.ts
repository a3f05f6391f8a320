import { ErrorCode } from '@fives/protocol';
import type { ConnectionError, FastifyBaseLogger } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { problem } from '../tables/problems.ts';

export interface ClientErrorOptions {
  /** The security headers every answer carries (`securityHeaders`). */
  readonly headers: Readonly<Record<string, string>>;
  readonly log: () => FastifyBaseLogger;
  /** Told of each refusal sent (the errors-by-code metric). */
  readonly refused?: (code: ErrorCode) => void;
}

/** What Node's parser refused, as an HTTP status and the words a client is told. */
function refusalOf(error: ConnectionError): { status: number; message: string } {
  if (error.code === 'HPE_HEADER_OVERFLOW') return { status: 431, message: 'the request’s headers are too large' };
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: 'the request did not arrive in time' };
  return { status: 400, message: `the request is not well-formed HTTP${error.code ? ` (${error.code})` : ''}` };
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refuses (headers too large, a
 * malformed chunk, a broken request line) never reaches a route nor a hook, so its answer is
 * written here — as every other error answer is, `{"error":{code,message}}` with the security
 * headers — then the connection is closed (the parser cannot go on with it).
 */
export function answerClientErrors(o: ClientErrorOptions): (error: ConnectionError, socket: Socket) => void {
  return (error, socket) => {
    // A connection reset: nobody is there to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const { status, message } = refusalOf(error);
    o.log().debug({ err: error, status }, 'a request the HTTP parser refused');
    if (socket.writable) {
      const body = JSON.stringify({ error: problem(ErrorCode.invalidMessage, message) });
      const head = [
        `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Bad Request'}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Connection: close',
        ...Object.entries(o.headers).map(([name, value]) => `${name}: ${value}`),
      ];
      socket.write(`${head.join('\r\n')}\r\n\r\n${body}`);
      o.refused?.(ErrorCode.invalidMessage);
    }
    socket.destroy(error);
  };
}
