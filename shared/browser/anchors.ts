/** §9 "Anchor keys": the ids of the blocks that links and the call-to-action scroll to. */
export const ANCHORS = {
  discussTheProject: 'discuss-the-project',
  mainPageTeamBlock: 'main_page_team_block',
  internship: 'internship',
  subscribeEmail: 'subscribe-email',
  referralSection: 'referral-section',
  tariffs: 'tariffs',
} as const;

/** The id of a vacancy's entry on /career/: the sitemap page and its JobPosting link to it. */
export const vacancyAnchor = (slug: string): string => `vacancy-${slug}`;

export type AnchorId = (typeof ANCHORS)[keyof typeof ANCHORS];

/** §5 "Query parameter element_anchor_id scrolls to the element with that anchor". */
export const ELEMENT_ANCHOR_PARAM = 'element_anchor_id';

/** An anchor id: a letter, then letters, digits, `-` and `_`: safe in a fragment, checked in linear time. */
const ANCHOR_ID = /^[a-z][\w-]{0,99}$/i;

/** Whether `value` can be an anchor id of the site's pages (§5 `element_anchor_id`). */
export function isAnchorId(value: string): boolean {
  return ANCHOR_ID.test(value);
}
