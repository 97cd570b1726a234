import { css } from '@emotion/react';
import type { Office } from '../../content/contentApi.ts';
import { colors, fontSizes, fontWeights, lineHeights, radii, space } from '../../theme/theme.ts';
import { Link } from '../../ui/Link.tsx';
import { OfficeMap } from '../../maps/OfficeMap.tsx';

const card = css`
  display: flex;
  flex-direction: column;
  gap: ${space[5]};
  & h3 { margin: 0; font-size: ${fontSizes.h3}; font-weight: ${fontWeights.bold}; line-height: ${lineHeights.heading}; }
`;

const badge = css`
  display: inline-block;
  margin-left: ${space[3]};
  padding: ${space[1]} ${space[3]};
  border-radius: ${radii.pill};
  background: ${colors.surfaceAlt};
  font-size: ${fontSizes.xs};
  font-weight: ${fontWeights.semibold};
  vertical-align: middle;
`;

const details = css`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${space[3]};
  margin: 0;
  & div { display: grid; grid-template-columns: 6.5rem minmax(0, 1fr); gap: ${space[3]}; }
  & dt { color: ${colors.inkMuted}; }
  & dd { margin: 0; line-height: ${lineHeights.body}; }
  & a { color: ${colors.ink}; font-weight: ${fontWeights.semibold}; }
  & a:hover { color: ${colors.link}; }
`;

const route = css`margin: 0; color: ${colors.inkMuted}; line-height: ${lineHeights.body};`;

/** §3 Contact (city, phone, address, email) with hours, the way there and the map. */
export function OfficeCard({ office, howToReach }: { readonly office: Office; readonly howToReach: string | undefined }) {
  const tel = office.phone.replace(/[^+\d]/g, '');
  return (
    <article css={card} aria-labelledby={`office-${tel}`}>
      <h3 id={`office-${tel}`}>
        {office.city}
        {office.isHeadOffice ? <span css={badge}>Главный офис</span> : null}
      </h3>
      <OfficeMap office={office} />
      <dl css={details}>
        <div>
          <dt>Адрес</dt>
          <dd>{office.address}</dd>
        </div>
        <div>
          <dt>Телефон</dt>
          <dd>
            <Link to={`tel:${tel}`}>{office.phone}</Link>
          </dd>
        </div>
        <div>
          <dt>Почта</dt>
          <dd>
            <Link to={`mailto:${office.email}`}>{office.email}</Link>
          </dd>
        </div>
        {office.hours === undefined ? null : (
          <div>
            <dt>Часы работы</dt>
            <dd>{office.hours}</dd>
          </div>
        )}
      </dl>
      {howToReach ? <p css={route}>{howToReach}</p> : null}
    </article>
  );
}
