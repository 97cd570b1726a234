import { ipKeyGenerator } from 'express-rate-limit';

/** An IPv6 client is its /56 (express-rate-limit's `ipv6Subnet` default): per address, rotating would renew every limit. */
export const IPV6_CLIENT_PREFIX = 56;

/** The key every per-client limit counts under (docs/security.md): an IPv4 address (mapped ones unwrapped), an IPv6 /56. */
export function clientKeyOf(address: string): string {
  return ipKeyGenerator(address, IPV6_CLIENT_PREFIX);
}
