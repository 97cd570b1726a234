import { css } from '@emotion/react';
import type { Office } from '../../content/contentApi.ts';
import { colors, fontSizes, fontWeights, radii, space } from '../../theme/theme.ts';
import { Link } from '../../ui/Link.tsx';

const frame = css`
  position: relative;
  display: flex;
  flex-direction: column;
  justify-content: flex-end;
  gap: ${space[2]};
  aspect-ratio: 16 / 10;
  padding: ${space[5]};
  border-radius: ${radii.lg};
  overflow: hidden;
  background:
    radial-gradient(circle at 50% 45%, ${colors.accent} 0 10px, transparent 11px),
    radial-gradient(circle at 50% 45%, rgba(255, 122, 61, 0.25) 0 36px, transparent 37px),
    repeating-linear-gradient(90deg, rgba(15, 29, 58, 0.06) 0 1px, transparent 1px 40px),
    repeating-linear-gradient(0deg, rgba(15, 29, 58, 0.06) 0 1px, transparent 1px 40px),
    ${colors.surfaceAlt};
  & p { margin: 0; font-weight: ${fontWeights.semibold}; }
  & a { font-size: ${fontSizes.sm}; color: ${colors.link}; }
`;

/** Yandex Maps link for an office (opens the point in a new tab). */
export function mapUrl(office: Office): string {
  return `https://yandex.ru/maps/?pt=${office.geo.lng},${office.geo.lat}&z=16&l=map`;
}

/**
 * Where the office map goes: the static card with the address and a link to the map, which is
 * also what the maps engineer's `<OfficeMap>` falls back to without a key (§4, §9).
 */
export function OfficeMapSlot({ office }: { readonly office: Office }) {
  return (
    <div css={frame}>
      <p>{office.address}</p>
      <Link to={mapUrl(office)}>Открыть на Яндекс Картах</Link>
    </div>
  );
}
