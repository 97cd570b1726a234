import { ELEMENT_ANCHOR_PARAM, isAnchorId } from '../../../../shared/browser/anchors.ts';
import { isPagePath } from '../../../../shared/routes/pagePaths.ts';
import type { RoutingRule } from './routingRule.ts';

/**
 * §5 "Query parameter element_anchor_id scrolls to the element with that anchor", before and
 * without JavaScript: a page URL carrying it is sent to the same URL with the parameter removed
 * and `#<id>` appended, so the browser itself lands on the block at the first paint (below the
 * header: `scroll-padding-top`, shared/theme/globalStyles.ts). Every other pair of the query is
 * kept byte for byte and in order (§5's utm capture reads them on the page). The first value is
 * the one the client reads (shared/app/useAnchorScroll.ts); a value that cannot be an anchor id
 * (shared/browser/anchors.ts) is dropped by the same redirect: it could scroll nowhere, and the page
 * then has one URL instead of one per junk value.
 *
 * 302, not 301: the URL is a campaign's (an e-mail, an ad) and stays the one to link; a fragment
 * is a way to show the page, not a new address of it, and a permanent redirect would let search
 * engines and caches replace the campaign URL for good. A chain with this step is one 302
 * (docs/decisions/006-…). Only page requests follow it: a client navigation's data request keeps
 * the parameter, which the client code scrolls to (`documentOnly`).
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
