/** A site path of RFC 3986 path characters only, safe in a header or a tag as it is (one class: linear, decision 013). */
const PLAIN_PATH = /^\/[\w\-.~%!$&'()*+,;=:@/]*$/;

export function isPlainPath(path: string): boolean {
  return PLAIN_PATH.test(path);
}
