import { domainToUnicode } from 'node:url';

/** A label in the ASCII form of an internationalised domain name (RFC 5891's A-label prefix). */
const A_LABEL = /(?:^|\.)xn--/i;

/** The address as typed: a type=email field sends a Cyrillic domain as punycode, and the agency should read `ivan@почта.рф`. */
export function addressAsTyped(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  const domain = address.slice(at + 1);
  if (!A_LABEL.test(domain)) return address;
  const unicode = domainToUnicode(domain);
  return unicode === '' ? address : `${address.slice(0, at + 1)}${unicode}`;
}
