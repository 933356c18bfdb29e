// The network an IP address belongs to, for limits one person should not escape by changing
// address: an IPv4 address as it is, an IPv6 address by its /48 prefix (decision 052).
import { isIPv4, isIPv6 } from 'node:net';

/** Groups of an IPv6 address that name its network: 3 × 16 bits = the /48 a site is given. */
const IPV6_NETWORK_GROUPS = 3;

/** The eight 16-bit groups of an IPv6 address, '::' expanded and a dotted IPv4 tail turned into two groups. */
function ipv6Groups(address: string): number[] {
  let text = address;
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const missing = rest === undefined ? [] : new Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...missing, ...right].map((group) => parseInt(group, 16));
}

/**
 * `203.0.113.7` → `203.0.113.7`; `2001:db8:a:b::1` → `2001:db8:a::/48`. An IPv4 address written
 * as IPv6 (`::ffff:203.0.113.7`, as a dual-stack socket reports it) is the IPv4 address. Anything
 * else (an unknown address) is returned as it is.
 */
export function networkOf(ip: string): string {
  if (isIPv4(ip)) return ip;
  const address = ip.split('%')[0] ?? ip;
  if (!isIPv6(address)) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  const groups = ipv6Groups(address.toLowerCase());
  return `${groups
    .slice(0, IPV6_NETWORK_GROUPS)
    .map((group) => group.toString(16))
    .join(':')}::/48`;
}

/**
 * The address range a vote is grouped by for the contest fairness flags (decision 063): an IPv4
 * address by its /24 (`203.0.113.7` → `203.0.113.0/24`), an IPv6 address by its /48 as networkOf.
 * Wider than networkOf, which limits one person: votes bought from one provider's block show here.
 */
export function addressRangeOf(ip: string): string {
  const network = networkOf(ip);
  if (!isIPv4(network)) return network;
  return `${network.split('.').slice(0, 3).join('.')}.0/24`;
}
