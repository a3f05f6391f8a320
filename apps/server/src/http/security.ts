import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import helmetMiddleware from 'helmet';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';

export interface SecurityOptions {
  /**
   * Origins other than the server's own that may call the API and open sockets from a
   * browser (CORS_ORIGIN, else PUBLIC_URL's origin); empty: the server's own origin only.
   */
  readonly origins: readonly string[];
  /** Whether the public origin is https (then browsers are told to upgrade every request). */
  readonly https: boolean;
}

/**
 * The content security policy the built web client works under (checked in Chromium by the web
 * client's browser tests): scripts and style sheets from this origin only, no inline scripts
 * nor style elements; inline style attributes, which the client's templates set (positions,
 * sizes); images from here and `data:` (the favicon); no eval (the client turns zod's off);
 * sockets to this origin; nothing may frame the game.
 */
export function contentSecurityPolicy(https: boolean): Record<string, string[] | null> {
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'"],
    styleSrcAttr: ["'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    mediaSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    // Over plain http (a server on a home network) upgrading every request would break the page.
    upgradeInsecureRequests: https ? [] : null,
  };
}

/** The security headers' settings, for the answers of Fastify's routes and of Node's parser alike. */
function helmetOptions(https: boolean) {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(https) },
    // Sent over https only (browsers ignore it over http); a year, as is usual.
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: false },
    referrerPolicy: { policy: 'no-referrer' as const },
    frameguard: { action: 'deny' as const },
  };
}

/**
 * The security headers every answer carries, worked out once by helmet itself (on a response
 * that is never sent), for answers written straight to a socket — Node's HTTP parser's refusals,
 * which no Fastify hook sees — so that they carry the very same ones.
 */
export function securityHeaders(https: boolean): Readonly<Record<string, string>> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  helmetMiddleware(helmetOptions(https))(response.req, response, () => {});
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.getHeaders())) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}

/** Security headers on every HTTP answer, and CORS for the configured origins only (not encapsulated: every route's). */
const secureAnswers: FastifyPluginAsync<SecurityOptions> = async (app, o) => {
  await app.register(helmet, helmetOptions(o.https));
  const allowed = new Set(o.origins);
  await app.register(cors, {
    // Same-origin requests need no CORS; another origin gets the headers only when allowed.
    origin: (origin, done) => done(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'POST'],
    allowedHeaders: ['content-type', 'authorization', 'x-request-id'],
    exposedHeaders: ['retry-after', 'x-request-id'],
    maxAge: 600,
  });
};

export const security = fastifyPlugin(secureAnswers, { name: 'fives-security', fastify: '5.x' });

/**
 * Socket.IO's check of a browser's `Origin` before a connection (polling and WebSocket alike,
 * which CORS alone does not cover): its own origin (same host) or an allowed one. Clients that
 * send no Origin (not browsers: the headless client, the load test) are let in.
 */
export function socketOriginCheck(origins: readonly string[]): (req: IncomingMessage, callback: (err: string | null | undefined, success: boolean) => void) => void {
  const allowed = new Set(origins);
  return (req, callback) => {
    const origin = req.headers.origin;
    if (origin === undefined || allowed.has(origin)) return callback(null, true);
    let host: string | null;
    try {
      host = new URL(origin).host;
    } catch {
      host = null;
    }
    const own = host !== null && host === req.headers.host;
    callback(own ? null : 'origin not allowed', own);
  };
}

/** A request id from a proxy in front (X-Request-Id) is kept when it looks like one; else a fresh one. */
export function requestIdFrom(header: string | string[] | undefined, fresh: () => string): string {
  const given = Array.isArray(header) ? header[0] : header;
  return given !== undefined && /^[\w.:-]{1,64}$/.test(given) ? given : fresh();
}
