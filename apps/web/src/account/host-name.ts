/**
 * The same page at `localhost`, when this one is at a loopback address (127.0.0.1, [::1]); null
 * otherwise. A passkey's relying party is a host name: at a bare address the browser refuses
 * every ceremony, so the account panel says why and where to go instead (issue 31).
 */
export function localhostInstead(href: string): string | null {
  const url = new URL(href);
  if (!/^127(\.\d{1,3}){3}$/.test(url.hostname) && url.hostname !== '[::1]') return null;
  url.hostname = 'localhost';
  return url.href;
}
