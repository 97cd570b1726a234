import { ELEMENT_ANCHOR_PARAM, isAnchorId } from '../../../../shared/browser/anchors.ts';
import { isPagePath } from '../../../../shared/routes/pagePaths.ts';
import type { RoutingRule } from './routingRule.ts';

/**
 * §5 element_anchor_id, before and without JavaScript: the page URL without it, with `#<id>`, the rest of the query
 * kept byte for byte (a value that cannot be an anchor is dropped). 302: the campaign URL stays the one to link.
 * Page requests only: a data request keeps the parameter, which the client scrolls to (`documentOnly`).
 */
export function elementAnchor(): RoutingRule {
  return {
    name: 'elementAnchor',
    documentOnly: true,
    apply({ path, search }) {
      if (search === '' || !isPagePath(path)) return null;
      const pairs = search.slice(1).split('&');
      const anchorPairs = pairs.filter((pair) => paramName(pair) === ELEMENT_ANCHOR_PARAM);
      const first = anchorPairs[0];
      if (first === undefined) return null;
      const kept = pairs.filter((pair) => pair !== '' && paramName(pair) !== ELEMENT_ANCHOR_PARAM);
      const equals = first.indexOf('=');
      const id = equals === -1 ? '' : decoded(first.slice(equals + 1));
      const hash = isAnchorId(id) ? `#${id}` : '';
      return { location: `${path}${kept.length === 0 ? '' : `?${kept.join('&')}`}${hash}`, status: 302 };
    },
  };
}

function paramName(pair: string): string {
  return decoded(pair.split('=', 1)[0] ?? '');
}

/** A name or value as URLSearchParams reads it (`+` is a space); a broken escape stays as sent. */
function decoded(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}
