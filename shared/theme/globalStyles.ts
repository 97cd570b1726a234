import { css } from '@emotion/react';
import { PENDING_TAP_ATTRIBUTE, TAP_ATTRIBUTE, TAP_CONTROLS } from '../browser/tapReplay.ts';
import { colors, fonts, fontSizes, fontWeights, focusRing, layout, lineHeights, mq } from './theme.ts';

const pendingTapSelectors = TAP_CONTROLS.map((name) => `html[${PENDING_TAP_ATTRIBUTE}='${name}'] [${TAP_ATTRIBUTE}='${name}']`).join(', ');

/** Site-wide base styles; reduced motion for every CSS animation here; `@font-face` is the document's own. */
export const globalStyles = css`
  *, *::before, *::after { box-sizing: border-box; }
  html {
    /* Kept equal to the header height state (§9, default 90; measured by the header once hydrated,
       AppState.tsx): anchors scroll clear of the header. Before that, the header's own heights. */
    --header-height: ${layout.headerMobileHeight}px;
    ${mq.md} { --header-height: ${layout.headerDefaultHeight}px; }
    scroll-padding-top: var(--header-height);
    -webkit-text-size-adjust: 100%;
    text-size-adjust: 100%;
  }
  /* An in-page fragment link glides; a page opened at a fragment (§5 element_anchor_id) or a find in
     page is at its block from the first paint. The app's own scrolls set theirs (scrollToAnchor.ts). */
  html:focus-within { scroll-behavior: smooth; }
  body {
    margin: 0;
    min-height: 100vh;
    font-family: ${fonts.body};
    font-size: ${fontSizes.md};
    font-weight: ${fontWeights.regular};
    line-height: ${lineHeights.body};
    color: ${colors.ink};
    background: ${colors.surface};
    -webkit-font-smoothing: antialiased;
  }
  #app { display: flex; flex-direction: column; min-height: 100vh; }
  main { flex: 1 0 auto; }
  /* The burger menu and open dialogs lock the page (§2; useScrollLock), also when the menu opened
     natively before hydration (decision 031); the gutter stays, so the page does not move sideways. */
  html[data-scroll-locked] { overflow: hidden; scrollbar-gutter: stable; }
  /* Their own rules: an engine without :has() or :popover-open drops only these; the feedback
     window locks the page as the menu does (decisions 031, 041). */
  html:has([data-burger-menu]:popover-open) { overflow: hidden; scrollbar-gutter: stable; }
  html:has([data-feedback-window]:popover-open) { overflow: hidden; scrollbar-gutter: stable; }

  h1, h2, h3, h4, h5, h6 { margin: 0; font-family: ${fonts.heading}; line-height: ${lineHeights.heading}; font-weight: ${fontWeights.bold}; }
  p { margin: 0; }
  img, svg, video { max-width: 100%; height: auto; }
  img { display: block; }
  a { color: ${colors.link}; text-underline-offset: 0.18em; }
  a:hover { color: ${colors.linkHover}; }
  button, input, select, textarea { font: inherit; color: inherit; }
  button { cursor: pointer; }

  /* Visible focus for keyboard users everywhere; the dark surfaces override the colour. */
  :focus-visible { ${focusRing.light} }
  [data-surface='dark'] :focus-visible { ${focusRing.dark} }

  ::selection { background: ${colors.accent}; color: ${colors.navy}; }

  /* A control answers the finger at once; one tapped before its code arrived stays pressed, ringed
     and pulsing until the code replays the tap (decisions 017, 031). */
  [${TAP_ATTRIBUTE}]:active { transform: scale(0.96); }
  ${pendingTapSelectors} {
    cursor: progress;
    transform: scale(0.96);
    box-shadow: 0 0 0 3px ${colors.accent};
    animation: tap-pending 0.6s ease-in-out infinite alternate;
  }
  @keyframes tap-pending { to { opacity: 0.6; } }

  @media (prefers-reduced-motion: reduce) {
    html { scroll-behavior: auto; }
    *, *::before, *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0.01ms !important;
      scroll-behavior: auto !important;
    }
  }
`;
