/**
 * The address to open the game at, as the server says at start (issue 31): PUBLIC_URL when it is
 * set; else `localhost` for a server listening on this machine's loopback or on every interface.
 * Passkeys need a host name for their relying party: at http://127.0.0.1:PORT, the address
 * Fastify itself prints, every passkey ceremony fails.
 */
export function browserAddress(listening: string, publicUrl: string | undefined): string {
  if (publicUrl !== undefined) return publicUrl;
  const url = new URL(listening);
  if (LOCAL.test(url.hostname)) url.hostname = 'localhost';
  return url.href;
}

/** Loopback (127.0.0.0/8, ::1) and the wildcards (0.0.0.0, ::): all reachable as localhost here. */
const LOCAL = /^(127(\.\d{1,3}){3}|0\.0\.0\.0|\[::1?\]|\[::ffff:127(\.\d{1,3}){3}\])$/;
