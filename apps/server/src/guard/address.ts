import { isIPv6 } from 'node:net';

/**
 * The address a client is counted under. Behind `trustedHops` proxies (each appending the
 * address it saw to X-Forwarded-For) it is the entry that many hops from the right: what
 * the client wrote itself further left is not believed. IPv6 addresses count per /64, the
 * block one subscriber usually holds.
 */
export function clientAddress(remote: string | undefined, forwardedFor: string | string[] | undefined, trustedHops: number): string {
  const chain = [remote ?? 'unknown'];
  if (trustedHops > 0 && forwardedFor !== undefined) {
    const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor;
    const hops = header
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '')
      .reverse();
    chain.push(...hops);
  }
  return normalize(chain[Math.min(trustedHops, chain.length - 1)] ?? 'unknown');
}

function normalize(address: string): string {
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (v4) return v4[1] as string;
  if (!isIPv6(address)) return address.slice(0, 64);
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = address.includes('::') ? [...left, ...new Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
