import ipaddr from 'ipaddr.js';

/**
 * The key a client's address is limited under (issue #13 item 4): IPv4-mapped IPv6 addresses count
 * as their IPv4 address, and IPv6 addresses by their /64, since one subscriber usually holds a whole
 * /64 and could otherwise take a fresh address for every request.
 */
export function clientBucket(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  let addr = ipaddr.parse(ip);
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) addr = (addr as ipaddr.IPv6).toIPv4Address();
  if (addr.kind() === 'ipv4') return addr.toString();
  const parts = (addr as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(':')}::/64`;
}
