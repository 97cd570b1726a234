/**
 * A site path of plain URL characters only: the path characters of RFC 3986, everything else
 * percent-encoded, as a browser sends it. No quote, space, angle bracket or backslash, so it can
 * go into a header or a tag as it is. One character class: linear time (docs/decisions/013).
 */
const PLAIN_PATH = /^\/[\w\-.~%!$&'()*+,;=:@/]*$/;

export function isPlainPath(path: string): boolean {
  return PLAIN_PATH.test(path);
}
