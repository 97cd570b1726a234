import { css, keyframes } from '@emotion/react';
import { memo, useEffect, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { useAppActions, useAppStateValue } from './AppState.tsx';
import { whenIdle } from '../browser/whenIdle.ts';
import { useRootData, type MenuService, type RootData } from '../page-kit/rootData.ts';
import { industryColumns } from '../blocks/industryColumns.ts';
import type { Office } from '../content/contentApi.ts';
import { colors, durations, easing, fontSizes, fontWeights, mq, radii, space, zIndex } from '../theme/theme.ts';
import { Container } from '../ui/Container.tsx';
import { CloseIcon } from '../ui/CloseIcon.tsx';
import { useFocusTrap } from '../ui/focusTrap.ts';
import { Link } from '../ui/Link.tsx';
import { useScrollLock } from '../ui/scrollLock.ts';
import { Tabs, type TabItem } from '../ui/Tabs.tsx';
import { CallToActionButton } from './CallToActionButton.tsx';
import { mailtoHref, telHref } from './contactLinks.ts';
import { Logo } from './Logo.tsx';
import { AGENCY_LINKS, BLOG_LINKS, BURGER_TABS, CAREER_LINKS, type BurgerTabKey } from './burgerNavigation.ts';
import { industryLinks } from './navigation.ts';
import { LinkList } from './LinkList.tsx';
import { href } from '../routes/links.ts';
import { supportsPopover, usePopoverShownWhen } from '../browser/popover.ts';
import { BURGER_MENU_ID, type BurgerMenuProps } from './burgerPopover.ts';

const appear = keyframes`from { opacity: 0; transform: translateY(-12px); } to { opacity: 1; transform: none; }`;

const overlayStyles = css`
  position: fixed;
  /* §2 "full-screen": \`100vw\` also covers the scrollbar's gutter the locked root keeps. */
  inset: 0 auto 0 0;
  width: 100vw;
  z-index: ${zIndex.burger};
  overflow-y: auto;
  overscroll-behavior: contain;
  background: ${colors.navy};
  color: ${colors.white};
  /* Not the browser's centred, bordered popover box. */
  height: auto;
  max-width: none;
  max-height: none;
  margin: 0;
  padding: 0;
  border: 0;
  &:popover-open { animation: ${appear} ${durations.base}ms ${easing.emphasized}; }
  /* Closed, once idle, it stays laid out but hidden (not inert, which restyles it at each opening),
     moved off the viewport so none of its links counts as visible for prefetching (decision 017). */
  &[data-kept-laid-out]:not(:popover-open) { display: block; visibility: hidden; transform: translateY(-200%); }
  /* A browser without popovers: the app's state shows it. */
  @supports not selector(:popover-open) {
    &:not([data-open]) { display: none; }
    &[data-open] { animation: ${appear} ${durations.base}ms ${easing.emphasized}; }
  }
  /* Without JavaScript the tabs cannot switch: every panel is shown, one under the other. */
  @media (scripting: none) {
    [role='tablist'] { display: none; }
    [role='tabpanel'][hidden] { display: block; }
  }
  a:not([data-button]) { color: ${colors.white}; text-decoration: none; }
  a:not([data-button]):hover { color: ${colors.accent}; text-decoration: underline; }
`;

const topBarStyles = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${space[4]};
  height: 72px;
  ${mq.md} { height: 90px; }
`;

const closeButtonStyles = css`
  display: grid;
  place-items: center;
  width: 44px;
  height: 44px;
  border: 1px solid ${colors.white};
  border-radius: ${radii.pill};
  background: transparent;
  color: ${colors.white};
  &:hover { background: ${colors.navyRaised}; }
  svg { width: 20px; height: 20px; }
`;

const tabsLayout = css`
  display: grid;
  gap: ${space[5]};
  padding-block: ${space[5]} ${space[7]};
  [role='tablist'][aria-orientation] { flex-direction: row; flex-wrap: wrap; }
  [role='tab'] { font-size: ${fontSizes.lg}; }
  ${mq.lg} {
    grid-template-columns: minmax(220px, 280px) 1fr;
    gap: ${space[8]};
    [role='tablist'][aria-orientation] { flex-direction: column; }
    [role='tab'] { font-size: ${fontSizes.xl}; }
  }
`;

const panelStyles = css`
  display: grid;
  gap: ${space[5]};
  align-content: start;
  ul { margin: 0; padding: 0; list-style: none; display: grid; gap: ${space[3]}; }
  li { font-size: ${fontSizes.lg}; font-weight: ${fontWeights.medium}; }
  h3 { font-size: ${fontSizes.xl}; }
  p, address { color: ${colors.onNavyMuted}; font-style: normal; }
`;

const columnsStyles = css`
  display: grid;
  gap: ${space[5]};
  ${mq.md} { grid-template-columns: repeat(2, minmax(0, 1fr)); gap: ${space[6]}; }
`;

const serviceTreeStyles = css`
  display: grid;
  gap: ${space[6]};
  ${mq.md} { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  ${mq.xl} { grid-template-columns: repeat(3, minmax(0, 1fr)); }
  ul ul { margin-top: ${space[2]}; gap: ${space[2]}; }
  ul ul li { font-size: ${fontSizes.md}; font-weight: ${fontWeights.regular}; }
`;

const footerStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space[5]};
  padding-block: ${space[5]} ${space[7]};
  border-top: 1px solid ${colors.navyRaised};
  > div { display: grid; gap: ${space[1]}; }
`;

function ServiceTree({ services }: { readonly services: readonly MenuService[] }) {
  return (
    <div css={serviceTreeStyles}>
      {services.map((root) => (
        <ul key={root.path}>
          <li>
            <Link to={href('service', { '*': root.path })}>{root.menuTitle}</Link>
            {root.children.length > 0 ? (
              <ul>
                {root.children.map((child) => (
                  <li key={child.path}>
                    <Link to={href('service', { '*': child.path })}>{child.menuTitle}</Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        </ul>
      ))}
    </div>
  );
}

function OfficeContacts({ office }: { readonly office: Office }) {
  return (
    <div>
      <h3>{office.city}</h3>
      <address>{office.address}</address>
      <p>
        <a href={telHref(office.phone)}>{office.phone}</a>
      </p>
      {office.hours === undefined ? null : <p>{office.hours}</p>}
    </div>
  );
}

/** Each tab's links, built once per root data: a tab switch then renders none of them again. */
function burgerPanels(
  agency: RootData['agency'],
  services: readonly MenuService[],
  projectFilters: RootData['projectFilters'],
): Record<BurgerTabKey, ReactNode> {
  const [firstIndustries, otherIndustries] = industryColumns(projectFilters);
  return {
    agency: <LinkList items={AGENCY_LINKS} />,
    services: (
      <>
        <LinkList items={[{ title: 'Все услуги', to: href('services'), routerLocation: 'services' }]} />
        <ServiceTree services={services} />
      </>
    ),
    projects: (
      <>
        <LinkList items={[{ title: 'Все проекты', to: href('projects'), routerLocation: 'projects' }]} />
        <div css={columnsStyles} data-industry-columns="">
          <LinkList items={industryLinks(firstIndustries)} />
          <LinkList items={industryLinks(otherIndustries)} />
        </div>
      </>
    ),
    blog: <LinkList items={BLOG_LINKS} />,
    contacts: (
      <>
        <div css={columnsStyles}>
          {agency.offices.map((office) => (
            <OfficeContacts key={office.city} office={office} />
          ))}
        </div>
        <LinkList items={[{ title: 'Все контакты', to: href('contacts'), routerLocation: 'contacts' }]} />
      </>
    ),
    vacancies: (
      <>
        <p>Открытые вакансии «Верфи» публикуем на сайте поиска работы. Резюме можно прислать на {agency.emails.vacancies}.</p>
        <LinkList
          items={[
            { title: 'Открытые вакансии', to: agency.vacanciesBoardUrl },
            { title: 'Написать в отдел кадров', to: mailtoHref(agency.emails.vacancies) },
          ]}
        />
      </>
    ),
    career: <LinkList items={CAREER_LINKS} />,
  };
}

/** §2 burger menu: a full-screen modal popover with tabs (decisions 031, 017); any link closes it. */
export function BurgerMenu({ onClose, returnFocus }: BurgerMenuProps) {
  const open = useAppStateValue((values) => values.isBurgerOpen);
  const { setBurgerOpen } = useAppActions();
  const [tab, setTab] = useState<BurgerTabKey>('agency');
  const [keptLaidOut, setKeptLaidOut] = useState(false);
  const dialog = useRef<HTMLDivElement>(null);
  useScrollLock(open);
  useFocusTrap(dialog, { active: open, onEscape: onClose, returnFocus });
  useEffect(() => whenIdle(() => setKeptLaidOut(true)), []);

  // The browser's state into the app's (also opened before hydration), then the app's into the browser's.
  useEffect(() => {
    const element = dialog.current;
    if (element === null || !supportsPopover()) return;
    const onToggle = (event: Event) => setBurgerOpen((event as ToggleEvent).newState === 'open');
    element.addEventListener('toggle', onToggle);
    if (element.matches(':popover-open')) setBurgerOpen(true);
    return () => element.removeEventListener('toggle', onToggle);
  }, [setBurgerOpen]);
  usePopoverShownWhen(dialog, open);
  // Each opening starts at the top.
  useEffect(() => {
    if (!open && dialog.current) dialog.current.scrollTop = 0;
  }, [open]);
  // Any link closes the menu, also one to the page already shown.
  const closeOnLink = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target instanceof Element && event.target.closest('a[href]')) onClose();
  };

  return (
    <div
      ref={dialog}
      id={BURGER_MENU_ID}
      popover="auto"
      role="dialog"
      aria-modal="true"
      aria-label="Меню сайта"
      css={overlayStyles}
      data-surface="dark"
      data-burger-menu=""
      data-open={open ? '' : undefined}
      data-kept-laid-out={keptLaidOut ? '' : undefined}
      onClick={closeOnLink}
    >
      <BurgerMenuContent tab={tab} onTab={setTab} onClose={onClose} />
    </div>
  );
}

/** The menu's links, rendered again only for a tab switch; without JavaScript every panel shows. */
const BurgerMenuContent = memo(function BurgerMenuContent({
  tab,
  onTab,
  onClose,
}: {
  readonly tab: BurgerTabKey;
  readonly onTab: (tab: BurgerTabKey) => void;
  readonly onClose: () => void;
}) {
  const { agency, services, projectFilters } = useRootData();
  const items = useMemo<TabItem[]>(() => {
    const panels = burgerPanels(agency, services, projectFilters);
    return BURGER_TABS.map(({ key, title }) => ({ key, label: title, content: <div css={panelStyles}>{panels[key]}</div> }));
  }, [agency, services, projectFilters]);

  return (
    <Container>
      <div css={topBarStyles}>
        <Link to={href('home')} aria-label="Верфь — на главную">
          <Logo />
        </Link>
        {/* Closes natively too, before and without JavaScript. */}
        <button
          type="button"
          popoverTarget={BURGER_MENU_ID}
          popoverTargetAction="hide"
          css={closeButtonStyles}
          aria-label="Закрыть меню"
          onClick={onClose}
        >
          <CloseIcon />
        </button>
      </div>
      <nav aria-label="Меню разделов">
        <Tabs
          items={items}
          label="Разделы сайта"
          orientation="vertical"
          tone="dark"
          selectedKey={tab}
          onSelect={(key) => onTab(key as BurgerTabKey)}
          css={tabsLayout}
        />
      </nav>
      <div css={footerStyles}>
        <CallToActionButton placement="burger" showSecondary />
        <div>
          <a href={mailtoHref(agency.emails.collaboration)}>{agency.emails.collaboration}</a>
          <Link to={agency.partnerProgramUrl}>Партнёрская программа</Link>
        </div>
      </div>
    </Container>
  );
});
