import { css } from '@emotion/react';
import { colors, durations, easing, fontSizes, fontWeights, lineHeights, mq, radii, space } from '../theme/theme.ts';
import { bareList, columnGrid } from '../ui/layoutStyles.ts';

/** The card pattern: the title's link stretched over the card (one tab stop), lifting on hover. */
export const card = css`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${space[3]};
  height: 100%;
  margin: 0;
  ${mq.motionOk} {
    & img { transition: transform ${durations.base}ms ${easing.standard}; }
  }
  ${mq.hover} {
    &:hover img { transform: scale(1.015); }
    &:hover .card-title-link { color: ${colors.link}; }
  }
`;

export const cardMedia = css`overflow: hidden; border-radius: ${radii.lg};`;

export const cardTitle = css`
  margin: 0;
  font-size: ${fontSizes.xl};
  font-weight: ${fontWeights.bold};
  line-height: ${lineHeights.heading};
  text-wrap: balance;
`;

export const stretchedLink = css`
  color: ${colors.ink};
  text-decoration: none;
  &::after { content: ''; position: absolute; inset: 0; border-radius: ${radii.lg}; }
  &:focus-visible { outline: none; }
  &:focus-visible::after { outline: 3px solid ${colors.link}; outline-offset: 4px; }
`;

export const cardText = css`margin: 0; color: ${colors.inkMuted}; font-size: ${fontSizes.md}; line-height: ${lineHeights.body};`;

/** Small labels above a card title (tags, industry); above the stretched link so they stay clickable. */
export const chipRow = css`${bareList} position: relative; z-index: 1; display: flex; flex-wrap: wrap; gap: ${space[2]};`;

export const chip = css`
  display: inline-block;
  padding: ${space[1]} ${space[3]};
  border-radius: ${radii.pill};
  border: 1px solid ${colors.border};
  background: ${colors.surface};
  color: ${colors.ink};
  font-size: ${fontSizes.xs};
  font-weight: ${fontWeights.semibold};
  text-decoration: none;
  line-height: 1.4;
`;

/** Responsive grid of cards: one column on phones, two from 768, three from 1024. */
export const cardGrid = css`
  ${bareList}
  ${columnGrid(`${space[7]} ${space[5]}`, { md: 2, lg: 3 })}
`;
