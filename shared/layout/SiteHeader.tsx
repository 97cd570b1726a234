import { css, keyframes } from '@emotion/react';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { GOALS, goalAttributes } from '../analytics/goals.ts';
import { useAppActions, useAppStateValue } from './AppState.tsx';
import { lazyServerRendered } from '../browser/lazyServerRendered.tsx';
import { tapAttributes, useTapReplay } from '../browser/tapReplay.ts';
import { useRootData } from '../page-kit/rootData.ts';
import { colors, durations, easing, fontSizes, fontWeights, layout, maxWidth, mq, radii, space, zIndex } from '../theme/theme.ts';
import { Container } from '../ui/Container.tsx';
import { Link } from '../ui/Link.tsx';
import { CallToActionButton } from './CallToActionButton.tsx';
import { mailtoHref, telHref } from './contactLinks.ts';
import { supportsPopover } from '../browser/popover.ts';
import { BURGER_MENU_ID, type BurgerMenuProps } from './burgerPopover.ts';
import { href } from '../routes/links.ts';
import { Logo } from './Logo.tsx';
import { HEADER_LINKS } from './navigation.ts';
import { PreviewBanner } from './PreviewBanner.tsx';
import { useHeaderFixed, useHeaderHeightMeasure } from './useHeaderBehaviour.ts';

/** Heights the header has at each width; the placeholder keeps the same, so fixing it shifts nothing. */
const headerHeights = css`
  height: ${layout.headerMobileHeight}px;
  ${mq.md} { height: ${layout.headerDefaultHeight}px; }
`;

const slideDown = keyframes`from { transform: translateY(-100%); } to { transform: none; }`;

const placeholderStyles = css`
  ${headerHeights};
  position: relative;
  z-index: ${zIndex.header};
`;

const headerStyles = css`
  ${headerHeights};
  position: absolute;
  inset: 0 0 auto;
  display: flex;
  align-items: center;
  background: ${colors.surface};
  color: ${colors.ink};
  border-bottom: 1px solid ${colors.border};
  transition: background-color ${durations.base}ms ${easing.standard}, color ${durations.base}ms ${easing.standard};
  &[data-header-fixed='true'] {
    position: fixed;
    background: ${colors.navy};
    color: ${colors.white};
    border-bottom-color: ${colors.navyRaised};
    animation: ${slideDown} ${durations.base}ms ${easing.emphasized};
  }
`;

const rowStyles = css`
  display: flex;
  align-items: center;
  gap: ${space[4]};
  ${mq.lg} { gap: ${space[5]}; }
`;

const logoLinkStyles = css`
  display: inline-flex;
  color: inherit;
  text-decoration: none;
  border-radius: ${radii.sm};
  &:hover { color: inherit; }
  ${maxWidth(400)} { span > span { display: none; } }
`;

const navStyles = css`
  display: none;
  margin-inline: auto;
  ${mq.xl} { display: block; }
  ul { display: flex; gap: ${space[1]}; margin: 0; padding: 0; list-style: none; }
  a {
    display: inline-block;
    padding: ${space[2]} ${space[3]};
    border-radius: ${radii.pill};
    color: inherit;
    font-weight: ${fontWeights.semibold};
    text-decoration: none;
  }
  a:hover { background: rgba(127, 140, 170, 0.16); color: inherit; }
  a[aria-current='page'] { text-decoration: underline; text-decoration-thickness: 2px; text-underline-offset: 0.4em; }
`;

const contactsStyles = css`
  display: none;
  flex-direction: column;
  align-items: flex-end;
  gap: 2px;
  font-size: ${fontSizes.sm};
  font-weight: ${fontWeights.semibold};
  white-space: nowrap;
  margin-left: auto;
  ${mq.lg} { display: flex; }
  ${mq.xl} { margin-left: 0; }
  a { color: inherit; text-decoration: none; }
  a:hover { text-decoration: underline; color: inherit; }
  [data-header-email] { display: none; font-weight: ${fontWeights.medium}; }
  ${mq.xxl} { [data-header-email] { display: inline; } }
`;

const ctaStyles = css`
  margin-left: auto;
  min-height: 44px;
  padding: ${space[2]} ${space[4]};
  font-size: ${fontSizes.sm};
  ${mq.sm} { font-size: ${fontSizes.md}; padding: ${space[2]} ${space[5]}; }
  ${mq.lg} { margin-left: 0; }
  [data-header-fixed='true'] &:focus-visible { outline-color: ${colors.focusOnNavy}; }
`;

const burgerButtonStyles = css`
  flex: none;
  display: grid;
  place-items: center;
  width: 44px;
  height: 44px;
  border: 1px solid currentColor;
  border-radius: ${radii.pill};
  background: transparent;
  color: inherit;
  padding: 0;
  cursor: pointer;
  &:hover { background: rgba(127, 140, 170, 0.16); }
  > span { display: flex; flex-direction: column; }
  > span > span { display: block; width: 18px; height: 2px; background: currentColor; border-radius: 1px; }
  > span > span + span { margin-top: 4px; }
`;

/** The popover button where the browser has popovers, the site map link where it has none. */
const popoverOnlyStyles = css`@supports not selector(:popover-open) { display: none; }`;
const noPopoverOnlyStyles = css`@supports selector(:popover-open) { display: none; }`;

/** The browser exposes a popover's state itself; these repeat the app's, once the control is live. */
const burgerAria = (live: boolean, open: boolean) =>
  live ? { 'aria-expanded': open, 'aria-controls': BURGER_MENU_ID, 'aria-haspopup': 'dialog' as const } : {};

/** The burger menu's code is a chunk of its own (decision 031); pointing at the burger asks for it sooner. */
const BurgerMenu = lazyServerRendered<BurgerMenuProps>(() => import('./BurgerMenu.tsx').then((module) => module.BurgerMenu));
const preloadBurgerMenu = () => void BurgerMenu.preload();

/** §2/§4 header: logo, links, phone and e-mail, call-to-action and burger; fixed and dark from 85 px. */
export function SiteHeader() {
  const { agency, preview } = useRootData();
  const { setBurgerOpen } = useAppActions();
  const fixed = useHeaderFixed();
  const header = useRef<HTMLElement>(null);
  const burgerButton = useRef<HTMLButtonElement>(null);
  const burgerLink = useRef<HTMLAnchorElement>(null);
  // Focus returns to the burger the browser displays (the popover button, or the link without popovers).
  const [shownBurger] = useState<RefObject<HTMLElement | null>>(() => ({
    get current() {
      return supportsPopover() ? burgerButton.current : burgerLink.current;
    },
  }));
  const location = useLocation();
  useHeaderHeightMeasure(header);

  // §2 the menu closes after any navigation, but not at the first location (a replayed tap opened it).
  const shownLocation = useRef(location.key);
  useEffect(() => {
    if (shownLocation.current === location.key) return;
    shownLocation.current = location.key;
    setBurgerOpen(false);
  }, [location.key, setBurgerOpen]);

  const office = agency.offices[0];
  // The menu beside the header, not in its stacking context (below the cookie notice); the preview banner above (021).
  return (
    <>
      {preview ? <PreviewBanner /> : null}
      <div css={placeholderStyles}>
        <header
          ref={header}
          css={headerStyles}
          data-header-fixed={fixed}
          data-header-theme={fixed ? 'dark' : 'default'}
          data-surface={fixed ? 'dark' : undefined}
        >
          <Container css={rowStyles}>
            <Link to={href('home')} css={logoLinkStyles} aria-label="Верфь — на главную">
              <Logo />
            </Link>
            <nav aria-label="Основное меню" css={navStyles}>
              <ul>
                {HEADER_LINKS.map((item) => (
                  <li key={item.to}>
                    <Link to={item.to} nav>
                      {item.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            <div css={contactsStyles}>
              {office ? (
                <a href={telHref(office.phone)} {...goalAttributes(GOALS.headerPhone)}>
                  {office.phone}
                </a>
              ) : null}
              <a href={mailtoHref(agency.emails.collaboration)} data-header-email="" {...goalAttributes(GOALS.headerEmail)}>
                {agency.emails.collaboration}
              </a>
            </div>
            <CallToActionButton placement="header" css={ctaStyles} />
            <BurgerButton button={burgerButton} link={burgerLink} />
          </Container>
        </header>
      </div>
      <BurgerMenuSlot returnFocus={shownBurger} />
    </>
  );
}

/** The burger: a popover button, or without popovers a site map link whose tap is replayed (031, 017). */
function BurgerButton({
  button,
  link,
}: {
  readonly button: RefObject<HTMLButtonElement | null>;
  readonly link: RefObject<HTMLAnchorElement | null>;
}) {
  const isBurgerOpen = useAppStateValue((values) => values.isBurgerOpen);
  const live = useTapReplay(button);
  return (
    <>
      <button
        ref={button}
        type="button"
        popoverTarget={BURGER_MENU_ID}
        css={[burgerButtonStyles, popoverOnlyStyles]}
        aria-label="Открыть меню"
        {...burgerAria(live, isBurgerOpen)}
        onPointerEnter={preloadBurgerMenu}
        onFocus={preloadBurgerMenu}
        onTouchStart={preloadBurgerMenu}
        data-burger-button=""
        {...goalAttributes(GOALS.headerBurger)}
      >
        <BurgerIcon />
      </button>
      <BurgerLink link={link} />
    </>
  );
}

/** The burger where the browser has no popovers: a link to the site map until its code is live. */
function BurgerLink({ link }: { readonly link: RefObject<HTMLAnchorElement | null> }) {
  const isBurgerOpen = useAppStateValue((values) => values.isBurgerOpen);
  const { setBurgerOpen } = useAppActions();
  const live = useTapReplay(link);
  const open = () => {
    preloadBurgerMenu();
    setBurgerOpen(true);
  };
  return (
    <a
      ref={link}
      href={href('sitemap')}
      css={[burgerButtonStyles, noPopoverOnlyStyles]}
      aria-label="Открыть меню"
      role={live ? 'button' : undefined}
      {...burgerAria(live, isBurgerOpen)}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        open();
      }}
      onKeyDown={(event) => {
        // A button opens on Space as well as Enter (a link only on Enter).
        if (event.key !== ' ') return;
        event.preventDefault();
        open();
      }}
      data-burger-link=""
      {...tapAttributes('burger')}
      {...goalAttributes(GOALS.headerBurger)}
    >
      <BurgerIcon />
    </a>
  );
}

/** Spans only: a button takes phrasing content (the Nu Html Checker, decision 040). */
function BurgerIcon() {
  return (
    <span aria-hidden="true">
      <span />
      <span />
      <span />
    </span>
  );
}

/** The menu overlay, rendered by the server (see `BurgerMenu` above). */
function BurgerMenuSlot({ returnFocus }: { readonly returnFocus: RefObject<HTMLElement | null> }) {
  const { setBurgerOpen } = useAppActions();
  const close = useCallback(() => setBurgerOpen(false), [setBurgerOpen]);
  // Props that never change: a change before the chunk hydrates would drop the server's HTML.
  return <BurgerMenu onClose={close} returnFocus={returnFocus} />;
}
