import { css, keyframes } from '@emotion/react';
import { GOALS, goalAttributes, type GoalName } from '../analytics/goals.ts';
import type { SocialLinks } from '../content/contentApi.ts';
import { colors, fontSizes, fontWeights, mq, space } from '../theme/theme.ts';
import { Link } from '../ui/Link.tsx';

/** §2 "Social marquee links: VC, Telegram, Dribbble, Behance, Dprofile", with their §7 goals. */
export const MARQUEE_NETWORKS = [
  { key: 'vc', title: 'VC', goal: GOALS.footerVc },
  { key: 'telegram', title: 'Telegram', goal: GOALS.footerTelegram },
  { key: 'dribbble', title: 'Dribbble', goal: GOALS.footerDribbble },
  { key: 'behance', title: 'Behance', goal: GOALS.footerBehance },
  { key: 'dprofile', title: 'Dprofile', goal: GOALS.footerDprofile },
] as const satisfies ReadonlyArray<{ key: keyof SocialLinks; title: string; goal: GoalName }>;

// The list holds the networks four times; moving by a quarter lands on an identical frame.
const scroll = keyframes`from { transform: translateX(0); } to { transform: translateX(-25%); }`;

const styles = css`
  overflow: hidden;
  border-block: 1px solid ${colors.navyRaised};
  padding-block: ${space[4]};
  ${mq.lg} { padding-block: ${space[5]}; }
`;

const trackStyles = css`
  display: flex;
  width: max-content;
  animation: ${scroll} 40s linear infinite;
  &:hover, &:focus-within { animation-play-state: paused; }
  ul { display: flex; margin: 0; padding: 0; list-style: none; }
  li { display: flex; align-items: center; }
  li::after { content: '✦'; color: ${colors.accent}; padding-inline: ${space[5]}; font-size: ${fontSizes.lg}; }
  a {
    font-size: ${fontSizes.h3};
    font-weight: ${fontWeights.bold};
    color: ${colors.white};
    text-decoration: none;
    white-space: nowrap;
  }
  a:hover { color: ${colors.accent}; }
  @media (prefers-reduced-motion: reduce) {
    animation: none;
    width: auto;
    ul { flex-wrap: wrap; row-gap: ${space[2]}; }
    [data-copy] { display: none; }
  }
`;

/** An endless band of the social links (copies hidden from assistive technology); still with reduced motion. */
export function SocialMarquee({ social }: { readonly social: SocialLinks }) {
  const networks = MARQUEE_NETWORKS.flatMap((network) => {
    const url = social[network.key];
    return url ? [{ ...network, url }] : [];
  });
  if (networks.length === 0) return null;
  // One list of real links, then enough decorative copies for the band to loop seamlessly.
  const copies = [...networks, ...networks, ...networks];
  const list = (
    <ul aria-label="Мы в социальных сетях">
      {networks.map((network) => (
        <li key={network.key}>
          <Link to={network.url} {...goalAttributes(network.goal)} data-social={network.key}>
            {network.title}
          </Link>
        </li>
      ))}
      {copies.map((network, index) => (
        <li key={`copy-${index}`} aria-hidden="true" data-copy="">
          {/* §7: a visitor clicks whichever copy passes under the pointer; each one sends the goal. */}
          <a href={network.url} tabIndex={-1} target="_blank" rel="noopener noreferrer" {...goalAttributes(network.goal)}>
            {network.title}
          </a>
        </li>
      ))}
    </ul>
  );
  return (
    <div css={styles} data-social-marquee="">
      <div css={trackStyles}>{list}</div>
    </div>
  );
}
