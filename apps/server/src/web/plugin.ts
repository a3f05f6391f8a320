import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@fives/protocol';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { sendProblem } from '../http/reply.ts';
import { problem } from '../tables/problems.ts';

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Fives</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>Fives</h1>
<p>The server is running, but the web client has not been built. Run <code>pnpm start</code> from
the repository root (it builds the client first), or build <code>apps/web</code> yourself.</p>
<p>The API is up: <a href="/healthz">/healthz</a>.</p>
</body></html>
`;

/** Vite's output for hashed files: a new build gives each changed file a new name. */
const ASSETS = `assets${sep}`;
/** A hashed file never changes under its name: caches keep it a year without asking. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html (and favicon and the like) names the hashed files of the build: asked again each time (a 304 when unchanged). */
const REVALIDATE = 'no-cache';

export interface WebOptions {
  /** The built web client (index.html and its assets); null or missing: a page that says so. */
  readonly root: string | null;
}

/**
 * The web client. Any other GET that asks for a page (an invite link `/t/<id>`, a reload on a
 * client route) gets index.html, so the client's router takes it from there; API paths keep
 * their coded 404s.
 */
const web: FastifyPluginAsync<WebOptions> = async (app, { root }) => {
  const built = root !== null && existsSync(join(root, 'index.html'));
  if (built) {
    const assets = join(resolve(root), ASSETS);
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      // An array: with preCompressed, @fastify/static looks a string up as no index at all ('/' was a 404).
      index: ['index.html'],
      // The build writes .br and .gz beside each file (apps/web/scripts/precompress.ts): sent by
      // the request's Accept-Encoding, with Vary: Accept-Encoding, and nothing compressed per request.
      preCompressed: true,
      // Cache-Control is set per file below; ETag and Last-Modified stay on for revalidation.
      cacheControl: false,
      setHeaders: (reply, path) => {
        reply.header('cache-control', resolve(path).startsWith(assets) ? IMMUTABLE : REVALIDATE);
      },
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/api/') && (request.headers.accept ?? '').includes('text/html');
    if (!wantsPage) return sendProblem(reply, problem(ErrorCode.routeNotFound, `no route ${request.method} ${request.url.split('?')[0]}`));
    if (built) return reply.type('text/html').sendFile('index.html');
    return reply.type('text/html').send(NOT_BUILT);
  });
};
// Registered at the root (not encapsulated) so its not-found handler is the root's and covers every path.
export const webPlugin = fastifyPlugin(web, { name: 'fives-web', fastify: '5.x' });
