import { domainToUnicode } from 'node:url';

/** A label in the ASCII form of an internationalised domain name (RFC 5891's A-label prefix). */
const A_LABEL = /(?:^|\.)xn--/i;

/**
 * The address as the visitor typed it: a browser's type=email field hands a Cyrillic domain over
 * in its ASCII form (`ivan@xn--80a1acny.xn--p1ai`), and the agency should read `ivan@почта.рф`
 * in the lead and in its mail. An address without such a label, or one that does not decode, is
 * kept as it came.
 */
export function addressAsTyped(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  const domain = address.slice(at + 1);
  if (!A_LABEL.test(domain)) return address;
  const unicode = domainToUnicode(domain);
  return unicode === '' ? address : `${address.slice(0, at + 1)}${unicode}`;
}
