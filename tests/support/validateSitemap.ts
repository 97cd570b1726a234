import sax from 'sax';

const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** W3C Datetime as the sitemap schema's `tLastmod` allows it. */
const W3C_DATETIME = /^\d{4}(?:-\d{2}(?:-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2}))?)?)?$/;
const CHANGEFREQ = new Set(['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never']);

export interface SitemapUrl {
  readonly loc: string;
  readonly lastmod?: string;
}

/**
 * The rules of sitemaps.org's sitemap.xsd, checked with a strict XML parser: well-formed XML, a
 * `urlset` root in the 0.9 namespace holding only `url` elements, each with exactly one `loc`
 * (absolute, under `origin`, at most 2048 characters; here also with the site's trailing slash)
 * and at most one valid `lastmod`, `changefreq` and `priority`, nothing else. Returns the URLs;
 * throws a message naming the first violation.
 */
export function validateSitemap(xml: string, origin: string): SitemapUrl[] {
  const parser = sax.parser(true, { xmlns: true, trim: true });
  const urls: SitemapUrl[] = [];
  const stack: string[] = [];
  let current: Record<string, string[]> | undefined;
  let text = '';
  const fail = (message: string): never => {
    throw new Error(`sitemap.xml: ${message}`);
  };

  parser.onerror = (error) => fail(`not well-formed XML: ${error.message.split('\n')[0]}`);
  parser.onopentag = (node) => {
    const tag = node as sax.QualifiedTag;
    if (tag.uri !== NAMESPACE) fail(`<${tag.name}> is not in the ${NAMESPACE} namespace`);
    const parent = stack.at(-1);
    if (parent === undefined && tag.local !== 'urlset') fail(`the root is <${tag.local}>, not <urlset>`);
    if (parent === 'urlset' && tag.local !== 'url') fail(`<urlset> may hold only <url>, found <${tag.local}>`);
    if (parent === 'url' && !['loc', 'lastmod', 'changefreq', 'priority'].includes(tag.local)) fail(`unknown <${tag.local}> in <url>`);
    if (parent !== undefined && parent !== 'urlset' && parent !== 'url') fail(`<${parent}> may not hold elements`);
    if (tag.local === 'url') current = {};
    stack.push(tag.local);
    text = '';
  };
  parser.ontext = (value) => {
    text += value;
  };
  parser.onclosetag = () => {
    const name = stack.pop();
    if (current && name && name !== 'url') (current[name] ??= []).push(text.trim());
    if (name === 'url' && current) {
      const { loc = [], lastmod = [], changefreq = [], priority = [] } = current;
      if (loc.length !== 1) fail(`a <url> needs exactly one <loc>, found ${loc.length}`);
      if (lastmod.length > 1 || changefreq.length > 1 || priority.length > 1) fail('a <url> repeats an optional element');
      const value = loc[0] ?? '';
      if (value.length > 2048) fail(`<loc> longer than 2048 characters: ${value.slice(0, 80)}…`);
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        return fail(`<loc> is not an absolute URL: ${value}`);
      }
      if (`${url.origin}` !== origin || !value.startsWith(`${origin}/`)) fail(`<loc> is not under ${origin}: ${value}`);
      if (!url.pathname.endsWith('/') || url.search !== '' || url.hash !== '')
        fail(`<loc> lacks the trailing slash or has a query: ${value}`);
      if (lastmod[0] !== undefined && !W3C_DATETIME.test(lastmod[0])) fail(`<lastmod> is not a W3C date: ${lastmod[0]}`);
      if (lastmod[0] !== undefined && Number.isNaN(Date.parse(lastmod[0]))) fail(`<lastmod> is not a real date: ${lastmod[0]}`);
      if (changefreq[0] !== undefined && !CHANGEFREQ.has(changefreq[0])) fail(`bad <changefreq>: ${changefreq[0]}`);
      if (priority[0] !== undefined && !(Number(priority[0]) >= 0 && Number(priority[0]) <= 1)) fail(`bad <priority>: ${priority[0]}`);
      urls.push(lastmod[0] === undefined ? { loc: value } : { loc: value, lastmod: lastmod[0] });
      current = undefined;
    }
  };
  parser.write(xml).close();
  if (urls.length === 0) fail('no <url> at all');
  if (urls.length > 50_000) fail('more than 50 000 URLs');
  return urls;
}
