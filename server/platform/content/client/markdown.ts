import { Marked, type Tokens } from 'marked';
import { escapeHtml } from '../../http/escapeHtml.ts';
import { sameOriginPath } from '../../http/sameOriginPath.ts';

// Markdown bodies become HTML on our side: raw HTML is shown as text, links only to the site, http(s), mailto: or tel:.

const OFF_SITE_URL = /^(?:https?:\/\/|mailto:|tel:|#)/i;
/** A placeholder origin to learn whether a browser stays on the site's origin (`/\evil.example`, `/.//evil.example` would not). */
const ANY_SITE_ORIGIN = 'https://site.invalid';

function safeHref(href: string): string | null {
  const trimmed = href.trim();
  if (trimmed.startsWith('/')) return sameOriginPath(trimmed, ANY_SITE_ORIGIN) ?? null;
  return OFF_SITE_URL.test(trimmed) ? trimmed : null;
}

const marked = new Marked({ async: false, gfm: true, breaks: false });
marked.use({
  renderer: {
    html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
    link(token: Tokens.Link) {
      const text = this.parser.parseInline(token.tokens);
      const href = safeHref(token.href);
      if (href === null) return text;
      const title = token.title ? ` title="${escapeHtml(token.title)}"` : '';
      // Links leaving the site open in a new tab and pass no referrer details or window handle.
      const external = /^https?:\/\//i.test(href) ? ' target="_blank" rel="noopener noreferrer"' : '';
      return `<a href="${escapeHtml(href)}"${title}${external}>${text}</a>`;
    },
    // Covers are generated per record (scripts/generate-images.ts); bodies carry no images, and
    // an image URL from the service is not fetched into a visitor's browser unchecked.
    image: ({ text }: Tokens.Image) => escapeHtml(text),
  },
});

export function renderMarkdown(source: string): string {
  return marked.parse(source, { async: false });
}
