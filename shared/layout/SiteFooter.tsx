import { css } from '@emotion/react';
import { GOALS, goalAttributes } from '../analytics/goals.ts';
import { useRootData } from '../page-kit/rootData.ts';
import { StaticPart } from '../ui/StaticPart.tsx';
import { colors, fontSizes, fontWeights, mq, space } from '../theme/theme.ts';
import { Container } from '../ui/Container.tsx';
import { Link } from '../ui/Link.tsx';
import { mailtoHref, telHref } from './contactLinks.ts';
import { FooterLogo } from './FooterLogo.tsx';
import { href } from '../routes/links.ts';
import { LinkList } from './LinkList.tsx';
import { FOOTER_PRODUCTS, industryLinks } from './navigation.ts';
import { SocialMarquee } from './SocialMarquee.tsx';

const footerStyles = css`
  background: ${colors.navy};
  color: ${colors.white};
  a:not([data-button]) { color: ${colors.white}; text-decoration: none; }
  a:not([data-button]):hover { color: ${colors.accent}; text-decoration: underline; }
  h2 { font-size: ${fontSizes.sm}; font-weight: ${fontWeights.semibold}; color: ${colors.onNavyMuted}; text-transform: uppercase; letter-spacing: 0.08em; margin-bottom: ${space[4]}; }
  ul { margin: 0; padding: 0; list-style: none; display: grid; gap: ${space[2]}; }
  address { font-style: normal; color: ${colors.onNavyMuted}; }
`;

const gridStyles = css`
  display: grid;
  gap: ${space[7]} ${space[6]};
  padding-block: ${space[8]};
  grid-template-columns: minmax(0, 1fr);
  ${mq.md} { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  ${mq.xl} { grid-template-columns: 1.2fr 1.2fr 1fr 1fr; padding-block: ${space[9]}; }
`;

const officeStyles = css`
  display: grid;
  gap: ${space[2]};
  & + & { margin-top: ${space[5]}; }
  [data-phone] { font-size: ${fontSizes.xl}; font-weight: ${fontWeights.bold}; }
`;

const bottomStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${space[4]};
  padding-block: ${space[5]} ${space[6]};
  font-size: ${fontSizes.sm};
  color: ${colors.onNavyMuted};
  nav ul { display: flex; flex-wrap: wrap; gap: ${space[2]} ${space[5]}; }
`;

const industriesStyles = css`
  ${mq.sm} { grid-template-columns: repeat(2, minmax(0, 1fr)); column-gap: ${space[5]}; }
`;

/** §2 footer; phones, e-mails and social links carry their §7 goals. */
export function SiteFooter() {
  const { agency, projectFilters, currentYear } = useRootData();
  return (
    <footer css={footerStyles} data-surface="dark">
      <SocialMarquee social={agency.social} />
      <Container>
        <StaticPart css={gridStyles}>
          <section aria-labelledby="footer-contacts">
            <h2 id="footer-contacts">Контакты</h2>
            {agency.offices.map((office) => (
              <div key={office.city} css={officeStyles}>
                <strong>{office.city}</strong>
                <a href={telHref(office.phone)} data-phone="" {...goalAttributes(GOALS.footerPhone)}>
                  {office.phone}
                </a>
                <address>{office.address}</address>
              </div>
            ))}
          </section>
          <section aria-labelledby="footer-mail">
            <h2 id="footer-mail">Почта</h2>
            <ul>
              <li>
                Сотрудничество:{' '}
                <a href={mailtoHref(agency.emails.collaboration)} {...goalAttributes(GOALS.footerEmail)}>
                  {agency.emails.collaboration}
                </a>
              </li>
              <li>
                Вакансии:{' '}
                <a href={mailtoHref(agency.emails.vacancies)} {...goalAttributes(GOALS.footerEmail)}>
                  {agency.emails.vacancies}
                </a>
              </li>
              <li>
                <Link to={agency.vacanciesBoardUrl}>Открытые вакансии</Link>
              </li>
              <li>
                <Link to={agency.partnerProgramUrl} {...goalAttributes(GOALS.footerPartnerProgram)}>
                  Партнёрская программа
                </Link>
              </li>
            </ul>
          </section>
          <nav aria-labelledby="footer-industries">
            <h2 id="footer-industries">Отрасли</h2>
            <LinkList css={industriesStyles} items={industryLinks(projectFilters)} />
          </nav>
          <nav aria-labelledby="footer-products">
            <h2 id="footer-products">Продукты</h2>
            <LinkList items={FOOTER_PRODUCTS} />
          </nav>
        </StaticPart>
        <div css={bottomStyles}>
          <FooterLogo />
          <p>
            © {agency.foundedYear}–{currentYear} {agency.legalName}
          </p>
          <nav aria-label="Служебные ссылки">
            <LinkList
              items={[
                { title: 'Правовая информация', to: href('documents') },
                { title: 'Карта сайта', to: href('sitemap') },
              ]}
            />
          </nav>
        </div>
      </Container>
    </footer>
  );
}
