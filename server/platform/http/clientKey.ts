import { ipKeyGenerator } from 'express-rate-limit';

/**
 * The IPv6 block one client is counted by: a /56, the block one subscriber usually holds, and
 * express-rate-limit's own default (`ipv6Subnet`). Counted per address instead, a client that
 * rotates through its block would renew every limit at will.
 */
export const IPV6_CLIENT_PREFIX = 56;

/**
 * The key every per-client limit counts under (docs/security.md): connections per address, the
 * rate limits, the upload budget and the image cost budget. An IPv4 address as it is (one that
 * arrived on a dual-stack listener, `::ffff:203.0.113.7`, written as IPv4), an IPv6 address as its
 * /56 block.
 */
export function clientKeyOf(address: string): string {
  return ipKeyGenerator(address, IPV6_CLIENT_PREFIX);
}
