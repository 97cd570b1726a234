/** Small readers of server-rendered HTML for the page tests (no DOM needed for these facts). */

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'", nbsp: '\u00a0' };

export function decode(text: string): string {
  return text.replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
    if (ENTITIES[name] !== undefined) return ENTITIES[name];
    if (/^#x/i.test(name)) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return whole;
  });
}

function textOf(fragment: string): string {
  return decode(fragment.replace(/<!--.*?-->/g, '').replace(/<[^<>]+>/g, '')).trim();
}

export function h1s(html: string): string[] {
  return [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((match) => textOf(match[1] ?? ''));
}

export function titleOf(html: string): string | undefined {
  const match = /<title>([\s\S]*?)<\/title>/.exec(html);
  return match ? textOf(match[1] ?? '') : undefined;
}

export function metaContent(html: string, name: string): string | undefined {
  const tag = new RegExp(`<meta[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
  const content = tag ? /content="([^"]*)"/.exec(tag)?.[1] : undefined;
  return content === undefined ? undefined : decode(content);
}

/** Hrefs of the links inside the first element that carries `aria-label="<label>"`. */
export function linksIn(html: string, label: string): string[] {
  const start = html.indexOf(`aria-label="${label}"`);
  if (start < 0) return [];
  const end = html.indexOf('</nav>', start);
  return [...html.slice(start, end).matchAll(/<a\b[^>]+href="([^"]*)"/g)].map((match) => decode(match[1] ?? ''));
}

export function articleLinks(html: string): string[] {
  return [...new Set([...html.matchAll(/href="(\/material\/blog\/[^"]+)"/g)].map((match) => match[1] ?? ''))];
}

/** The first JSON-LD object of the given `@type` in the page, parsed. */
export function jsonLdOfType(html: string, type: string): unknown {
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)];
  return scripts.map((match) => JSON.parse(match[1] ?? 'null') as { '@type'?: string }).find((json) => json['@type'] === type);
}
