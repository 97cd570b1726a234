import fc from 'fast-check';

/**
 * Generators of hostile HTTP input for the property-based suite: what scanners and attackers send.
 * Every generated value is something Node's HTTP client can put on the wire (a request target of
 * bytes 0x21–0xff, header values without CR/LF), so a failure is always the server's.
 */

/** A marker that must never reach an HTML answer unescaped. */
export const MARK = 'fz9q';
/** The marker as an element, raw and percent-encoded: in an answer unescaped, it would be markup. */
const MARK_AS_ELEMENT = [`<${MARK}>`, `%3C${MARK}%3E`];
/** The property an attempted prototype pollution would set on every object. */
export const POLLUTED = 'fzPolluted';

const UNRESERVED = /^[\w.~-]$/;
/** UTF-8 percent-encoding that survives lone surrogates (replaced, as a browser does). */
const percentEncode = (text: string) =>
  [...Buffer.from(text, 'utf8')]
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return UNRESERVED.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
/** Printable ASCII kept raw (as a scanner would send it), everything else percent-encoded. */
const rawAscii = (text: string) =>
  [...text].map((char) => (char >= '!' && char <= '~' && char !== '#' ? char : percentEncode(char))).join('');
const hexBytes = (bytes: Uint8Array) => [...bytes].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

const KNOWN_SEGMENTS = [
  '',
  '.',
  '..',
  '%2e%2e',
  '%2E',
  '.%2e',
  '...',
  'about',
  'blog',
  'services',
  'prodvizhenie',
  'material',
  'projects',
  'author',
  'api',
  'content',
  'forms',
  'upload',
  '_ipx',
  'w_320',
  'assets',
  'builds',
  'latest.json',
  'healthz',
  'readyz',
  'robots.txt',
  'sitemap.xml',
  'images',
  'fonts',
  '.env',
  '.git',
  'wp-admin',
  'index.php',
  '%00',
  '%0d%0a',
  '%0A',
  '%C0%AF',
  '%FF',
  '%E0%A4%A',
  '%',
  '%zz',
  '\\',
  '%5C',
  '%2F',
  '%2f%2f',
  ...MARK_AS_ELEMENT,
  `"${MARK}`,
  `'${MARK}`,
  `%22%3E%3C${MARK}%3E`,
  'caf\u00e9',
  '\u00ff\u00fe',
  'BLOG',
  'Blog',
  'success',
  'request',
];

const segment = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...KNOWN_SEGMENTS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }).map(percentEncode) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 12 }).map(rawAscii) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 6 }).map(hexBytes) },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom('а', 'я', 'ё', '-', 'a', '1'), maxLength: 20 }).map(percentEncode) },
);

/** A request path: known and unknown segments, dot segments, runs of slashes, encoded bytes, sometimes very long. */
export const hostilePath = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .tuple(
        fc.array(segment, { maxLength: 8 }),
        fc.array(fc.constantFrom('/', '//', '///', '/\\', '/./'), { minLength: 1, maxLength: 8 }),
        fc.boolean(),
      )
      .map(([segments, separators, trailing]) => {
        let path = '';
        segments.forEach((part, index) => {
          path += `${separators[index % separators.length]!}${part}`;
        });
        return `${path || '/'}${trailing ? '/' : ''}`.replace(/^(?!\/)/, '/');
      }),
  },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 12_000 }).map((length) => `/blog/${'a'.repeat(length)}/`) },
  { weight: 1, arbitrary: fc.integer({ min: 200, max: 3_000 }).map((count) => '/'.repeat(count) + 'evil.example') },
);

const queryKey = fc.oneof(
  fc.constantFrom(
    'page',
    'page[number]',
    '_data',
    'utm_source',
    'utm_campaign',
    'serviceType',
    'element_anchor_id',
    'filter[from]',
    '__proto__',
    '__proto__[fzPolluted]',
    'constructor[prototype][fzPolluted]',
    'a[b][c][d]',
    'fbclid',
    'next',
    'redirect',
    'url',
  ),
  fc.string({ unit: 'binary', maxLength: 10 }).map(percentEncode),
);
const queryValue = fc.oneof(
  fc.constantFrom(
    '1',
    '2',
    '0',
    '-1',
    '1e3',
    '99999',
    '99999999999999999999',
    '10000',
    'root',
    'article',
    'blog',
    ...MARK_AS_ELEMENT,
    '//evil.example',
    'https://evil.example',
    '/\\evil.example',
    '%0d%0aSet-Cookie:%20a=1',
    `/${'a'.repeat(60)}!`,
  ),
  fc.string({ unit: 'binary', maxLength: 40 }).map(percentEncode),
  fc.string({ unit: 'binary-ascii', maxLength: 40 }).map(rawAscii),
);
/** A query string of up to 12 parameters, repeated keys included. */
export const hostileQuery = fc
  .array(fc.tuple(queryKey, queryValue), { maxLength: 12 })
  .map((pairs) => (pairs.length === 0 ? '' : `?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}`));

/** A header value Node will send: tab and printable Latin-1, no CR or LF. */
const headerText = (maxLength: number) =>
  fc.string({
    unit: fc.oneof(
      fc.constantFrom('\t', ' ', '<', '"', ',', ';', '=', '\u00e9', '\u00ff'),
      fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 1 }).filter((char) => char >= ' ' && char <= '~'),
    ),
    maxLength,
  });
const host = fc.oneof(
  fc.constantFrom(
    'verf.test',
    'evil.example',
    'localhost',
    '127.0.0.1:1',
    '[::1]',
    'verf.test.evil.example',
    'xn--e1afmkfd.xn--p1ai',
    `${'a'.repeat(300)}.example`,
    '',
  ),
  fc.domain(),
  headerText(60),
);
const origin = fc.oneof(
  fc.constantFrom(
    'https://verf.test',
    'https://evil.example',
    'null',
    'http://verf.test',
    'https://verf.test:444',
    'https://verf.test.evil.example',
  ),
  fc.webUrl().map((url) => new URL(url).origin),
  headerText(40),
);
const acceptEncoding = fc
  .array(
    fc.tuple(
      fc.constantFrom('gzip', 'br', 'deflate', 'zstd', 'identity', '*', 'x-gzip', 'compress', 'GZIP', 'Br', ''),
      fc.constantFrom('', ';q=0', ';q=1', ';q=0.5', ';q=abc', ';q=-1', ';q=1000', ';q='),
    ),
    { maxLength: 6 },
  )
  .map((codings) => codings.map(([name, q]) => `${name}${q}`).join(', '));
const forwardedFor = fc.oneof(
  fc
    .array(fc.oneof(fc.ipV4(), fc.ipV6(), fc.constantFrom('unknown', '', 'evil', '999.1.1.1', '::ffff:10.0.0.1', '_hidden')), {
      minLength: 1,
      maxLength: 5,
    })
    .map((ips) => ips.join(', ')),
  headerText(80),
);
const accept = fc.constantFrom(
  'text/html',
  'application/json',
  '*/*',
  'text/html;q=0.1, application/json',
  'image/avif,image/webp',
  'junk/;;',
  '',
);

/** Headers a client may send or forge, each present or not. */
export const hostileHeaders = fc.record(
  {
    Host: host,
    'X-Forwarded-For': forwardedFor,
    'X-Forwarded-Host': host,
    'X-Forwarded-Proto': fc.constantFrom('https', 'http', 'javascript', 'https, http', ''),
    'Accept-Encoding': acceptEncoding,
    Origin: origin,
    Accept: accept,
    Referer: fc.oneof(fc.webUrl(), headerText(60)),
    'If-None-Match': fc.oneof(fc.constantFrom('*', '"x"', 'W/"x", "y"'), headerText(40)),
    Cookie: headerText(60),
  },
  { requiredKeys: [] },
);

/** A JSON text: nested far deeper than any form, huge numbers, `__proto__` and `constructor` keys, or broken. */
const jsonText = fc.oneof(
  fc.jsonValue({ maxDepth: 6 }).map((value) => JSON.stringify(value)),
  fc.integer({ min: 50, max: 5_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  fc.integer({ min: 50, max: 3_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  fc.constantFrom(
    `{"__proto__":{"${POLLUTED}":true},"email":"a@b.ru","consent":true}`,
    `{"constructor":{"prototype":{"${POLLUTED}":true}},"email":"a@b.ru"}`,
    `{"email":"x@example.ru","consent":true,"_fillMs":1e400,"_startedAt":-1e308}`,
    `{"email":"x@example.ru","consent":true,"_fillMs":123456789012345678901234567890}`,
    `{"name":"<${MARK}>","phone":"+79123456789","email":"<${MARK}>@x.ru","consent":"<${MARK}>","_page":"/\\t/evil.example"}`,
    `{"attachments":[{"__proto__":null}],"files":"<${MARK}>","utm":{"__proto__":{"${POLLUTED}":1}}}`,
    '{"email":',
    '[]',
    'null',
    '"text"',
    '1',
    '{"a":1,"a":2}',
    '\u0000',
    '{"email":"\ud800"}',
  ),
);
const formKey = fc.oneof(
  fc.constantFrom(
    'email',
    'name',
    'phone',
    'consent',
    'message',
    '_page',
    '_fillMs',
    '_startedAt',
    'website',
    'utm',
    'serviceType',
    '__proto__',
    '__proto__[fzPolluted]',
    'constructor[prototype][fzPolluted]',
    'attachments',
    'resume',
    'a[b][c][d][e][f]',
  ),
  fc.string({ unit: 'binary', maxLength: 12 }),
);
const formValue = fc.oneof(
  fc.constantFrom(`<${MARK}>`, '"><script>fz9q</script>', 'on', 'true', '1e400', '-0', '/\t/evil.example', '//evil.example', ''),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.integer({ min: 1_000, max: 70_000 }).map((length) => 'я'.repeat(length)),
);

export type HostileBody =
  | { readonly kind: 'json'; readonly text: string }
  | { readonly kind: 'urlencoded'; readonly text: string }
  | {
      readonly kind: 'multipart';
      readonly fields: readonly (readonly [string, string])[];
      readonly files: readonly { field: string; name: string; bytes: Uint8Array }[];
    };

/** A form body in one of the three encodings a form may use, hostile in content and shape. */
export const hostileBody: fc.Arbitrary<HostileBody> = fc.oneof(
  jsonText.map((text) => ({ kind: 'json' as const, text })),
  fc.array(fc.tuple(formKey, formValue), { maxLength: 15 }).map((pairs) => ({
    kind: 'urlencoded' as const,
    text: pairs.map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`).join('&'),
  })),
  fc
    .record({
      fields: fc.array(
        fc.tuple(
          formKey.filter((key) => key !== ''),
          formValue,
        ),
        { maxLength: 8 },
      ),
      files: fc.array(
        fc.record({
          field: fc.constantFrom('files', 'attachments', 'resume', '__proto__', 'unknown'),
          name: fc.oneof(
            fc.constantFrom(
              '../../etc/passwd',
              `<${MARK}>.html`,
              'a'.repeat(400),
              'ТЗ.pdf',
              '.htaccess',
              'run.js',
              'con',
              'x\u202egpj.exe',
            ),
            fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
          ),
          bytes: fc.oneof(
            fc.uint8Array({ maxLength: 512 }),
            fc.constantFrom(new Uint8Array(Buffer.from(`%PDF-1.4 <${MARK}>`)), new Uint8Array(Buffer.from(`<svg onload="${MARK}"/>`))),
          ),
        }),
        { maxLength: 3 },
      ),
    })
    .map(({ fields, files }) => ({ kind: 'multipart' as const, fields, files })),
);

/** Where a body is posted: every state-changing endpoint, and pages that have none. */
export const postTarget = fc.constantFrom(
  '/api/forms/request',
  '/api/forms/subscribe',
  '/api/forms/referral',
  '/api/forms/internship',
  '/api/forms/__proto__',
  '/api/forms/constructor',
  '/api/upload',
  '/api/content/articles',
  '/',
  '/request/',
  '/blog/',
);

/** A letter of a path in the other case, when `flip` says so and it is a letter at all. */
const otherCase = (char: string) => (char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase());
/** One character as a client may write it: as it is, in the other case, or percent-encoded in upper or lower hex. */
const charVariant = (char: string, keepCase: boolean) =>
  fc.constantFrom<'same' | 'case' | 'upperHex' | 'lowerHex'>('same', 'same', 'case', 'upperHex', 'lowerHex').map((how) => {
    const hex = char.charCodeAt(0).toString(16).padStart(2, '0');
    if (how === 'case') return keepCase ? char : otherCase(char);
    if (how === 'upperHex') return `%${hex.toUpperCase()}`;
    if (how === 'lowerHex') return `%${hex}`;
    return char;
  });
/** What a browser skips before a segment: dot segments, plain, encoded or after a backslash. */
const DETOURS = ['', '', './', '%2e/', 'y/.%2E/', 'zz/../', 'QQ/%2E%2e/', 'x\\..\\', '.\\'];
/** How one segment is separated from the previous: runs of slashes and backslashes a browser reads as one. */
const SEPARATORS = ['/', '/', '//', '\\', '/\\', '\\\\', '///'];
/** What ends the path: the slash, none, dot segments, a backslash. */
const ENDINGS = ['/', '', '//', '/.', '/./', '/%2e/', '\\', '/x/..', '/X/%2E%2E/'];

/**
 * A form of a canonical page path that a browser resolves to the same page, or to `//…`: the
 * letters' case (not in the last segment with `keepSlugCase`, whose exact case §5 decides),
 * needless escapes, dot segments, backslashes and runs of slashes, the trailing slash — and
 * sometimes `/x/..//` in front, which resolves to no page of the site.
 */
export function pathVariantOf(canonical: string, options: { keepSlugCase?: boolean } = {}): fc.Arbitrary<string> {
  const segments = canonical.split('/').filter(Boolean);
  const segmentVariant = (segment: string, index: number) =>
    fc
      .tuple(
        index === 0 ? fc.constant('/') : fc.constantFrom(...SEPARATORS),
        fc.constantFrom(...DETOURS),
        fc.tuple(...[...segment].map((char) => charVariant(char, options.keepSlugCase === true && index === segments.length - 1))),
      )
      .map(([separator, detour, chars]) => `${separator}${detour}${chars.join('')}`);
  return (
    fc
      .tuple(
        segments.length === 0 ? fc.constant([] as string[]) : fc.tuple(...segments.map(segmentVariant)),
        fc.constantFrom(...ENDINGS),
        fc.constantFrom('', '', '', '/x/..//'),
      )
      .map(([parts, ending, offHost]) => {
        const path = parts.join('') + ending;
        const rooted = path === '' ? '/' : path.startsWith('/') ? path : `/${path}`;
        return offHost === '' ? rooted : `${offHost.slice(0, -1)}${rooted}`;
      })
      // A target that starts `//` or `/\` is refused as it arrives (400, server/features/pages/routing/pathSafety.ts).
      .filter((variant) => variant !== canonical && !/^\/[/\\]/.test(variant))
  );
}
