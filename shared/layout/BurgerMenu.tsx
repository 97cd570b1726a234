import { css, keyframes } from '@emotion/react';
import { memo, useDeferredValue, useEffect, useMemo, useRef, useState, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { useRootData, type RootData } from '../app/rootData.ts';
import { industryColumns } from '../blocks/industryColumns.ts';
import type { Office, ServiceNode } from '../content/contentApi.ts';
import { colors, durations, easing, fontSizes, fontWeights, mq, radii, space, zIndex } from '../theme/theme.ts';
import { Container } from '../ui/Container.tsx';
import { useFocusTrap } from '../ui/focusTrap.ts';
import { Link } from '../ui/Link.tsx';
import { useScrollLock } from '../ui/scrollLock.ts';
import { Tabs, type TabItem } from '../ui/Tabs.tsx';
import { CallToActionButton } from './CallToActionButton.tsx';
import { mailtoHref, telHref } from './contactLinks.ts';
import { Logo } from './Logo.tsx';
import { AGENCY_LINKS, BLOG_LINKS, BURGER_TABS, CAREER_LINKS, type BurgerTabKey } from './burgerNavigation.ts';
import { LinkList } from './LinkList.tsx';
import { href } from '../routes/links.ts';

const appear = keyframes`from { opacity: 0; transform: translateY(-12px); } to { opacity: 1; transform: none; }`;

const overlayStyles = css`
  position: fixed;
  inset: 0;
  z-index: ${zIndex.burger};
  overflow-y: auto;
  overscroll-behavior: contain;
  background: ${colors.navy};
  color: ${colors.white};
  /* Closed, the menu stays built and laid out, out of sight, of focus, of the pointer and of
     assistive technology; not inert, which restyles every element of the menu at each opening.
     Moved off the viewport too (a transform: no layout), as far as its own height again, so no
     link of it counts as in view for the prefetch of visible links (client/navigation). */
  &[data-closed] { visibility: hidden; transform: translateY(-200%); }
  &:not([data-closed]) { animation: ${appear} ${durations.base}ms ${easing.emphasized}; }
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

function ServiceTree({ services }: { readonly services: readonly ServiceNode[] }) {
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

export interface BurgerMenuProps {
  readonly open: boolean;
  /**
   * Build the menu, hidden, before it is opened: the tap that opens it then only shows a tree
   * already built (docs/decisions/017).
   */
  readonly prepared: boolean;
  readonly onClose: () => void;
  /** The burger button: focus goes back to it on close (§2 a11y). */
  readonly returnFocus: RefObject<HTMLElement | null>;
}

/** Each tab's links, built once per root data: a tab switch then renders none of them again. */
function burgerPanels(
  agency: RootData['agency'],
  services: readonly ServiceNode[],
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
          <LinkList
            items={firstIndustries.map((filter) => ({ title: filter.title, to: href('projects-industry', { slug: filter.slug }) }))}
          />
          <LinkList
            items={otherIndustries.map((filter) => ({ title: filter.title, to: href('projects-industry', { slug: filter.slug }) }))}
          />
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

/**
 * §2 burger menu: a full-screen overlay with the tabs agency, services, projects, blog,
 * contacts, vacancies and career. A modal dialog for assistive technology: focus is trapped,
 * Escape closes it, page scroll is locked, and focus returns to the burger button. Any link
 * inside closes it (the header also closes it on every navigation).
 *
 * Closed, it stays built: hidden by `visibility`, not unmounted nor `display: none`, so it keeps
 * its layout and a tap only shows it, with no render, effect or layout of its links in the tap
 * (docs/decisions/017). It is built once `prepared` or at the first opening.
 */
export function BurgerMenu({ open, onClose, returnFocus }: BurgerMenuProps) {
  const [tab, setTab] = useState<BurgerTabKey>('agency');
  const dialog = useRef<HTMLDivElement>(null);
  useScrollLock(open);
  useFocusTrap(dialog, { active: open, onEscape: onClose, returnFocus });
  // Each opening starts at the top, as a menu mounted anew would.
  useEffect(() => {
    if (!open && dialog.current) dialog.current.scrollTop = 0;
  }, [open]);

  // Any link click inside closes the menu, also one to the page already shown.
  const closeOnLink = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target instanceof Element && event.target.closest('a[href]')) onClose();
  };

  return (
    <div
      ref={dialog}
      id="burger-menu"
      role="dialog"
      aria-modal="true"
      aria-label="Меню сайта"
      css={overlayStyles}
      data-surface="dark"
      data-burger-menu=""
      data-closed={open ? undefined : ''}
      onClick={closeOnLink}
    >
      <BurgerMenuContent tab={tab} onTab={setTab} onClose={onClose} />
    </div>
  );
}

/**
 * The menu's links, rendered again only for a tab switch: opening and closing change the overlay
 * alone. Built ahead of a tap, it has every panel; opened before it was built, the selected tab's
 * links paint with the tap and the other panels follow one render later (`useDeferredValue`),
 * outside the tap's Interaction to Next Paint. A tab switch shows and hides panels already built.
 */
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
  const allPanels = useDeferredValue(true, false);
  const items = useMemo<TabItem[]>(() => {
    const panels = burgerPanels(agency, services, projectFilters);
    return BURGER_TABS.map(({ key, title }) => ({ key, label: title, content: <div css={panelStyles}>{panels[key]}</div> }));
  }, [agency, services, projectFilters]);
  const shown = allPanels ? items : items.map((item) => (item.key === tab ? item : { ...item, content: null }));

  return (
    <Container>
      <div css={topBarStyles}>
        <Link to={href('home')} aria-label="Верфь — на главную">
          <Logo />
        </Link>
        <button type="button" css={closeButtonStyles} aria-label="Закрыть меню" onClick={onClose}>
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <nav aria-label="Меню разделов">
        <Tabs
          items={shown}
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
